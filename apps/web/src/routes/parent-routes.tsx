import { Navigate, Route, Routes } from "react-router";
import { AppLayout } from "../components/layout/app-layout";
import { Pages } from "./lazy-pages";
import { RouteGate } from "./route-gate";
import { SettingsRoutes } from "./settings-routes";

/** The signed-in routes of a parent (partner) account; anything else goes to /accounts (docs/product/platform.md §2). */
export function ParentRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="accounts">
          <Route index element={<Pages.Accounts />} />
          <Route
            path="integrations"
            element={
              <RouteGate rule={{ permissions: [["read", "child_integration"]] }} title="Integrations">
                <Pages.AccountsIntegrations />
              </RouteGate>
            }
          />
          <Route path="trials" element={<Pages.AccountsTrials />} />
          <Route path="*" element={<Pages.Accounts />} />
        </Route>
        <Route path="child-reviews/*" element={<Pages.ChildReviews />} />
        <Route path="partner-account-reports/*" element={<Pages.PartnerAccountReports />} />
        <Route
          path="partner-tools/scorecards/*"
          element={
            <RouteGate
              rule={{
                permissions: [
                  ["create", "partner_scorecard"],
                  ["read", "partner_scorecard"],
                ],
              }}
              title="Scorecards"
            >
              <Pages.Scorecards />
            </RouteGate>
          }
        />
        <Route path="partner-tools/*" element={<Pages.PartnerTools />} />
        <Route path="settings/*" element={<SettingsRoutes />} />
        <Route path="file-downloads/:fileId" element={<Pages.FileDownload />} />
        <Route path="error" element={<Pages.Error />} />
        <Route path="*" element={<Navigate to="/accounts" replace />} />
      </Route>
    </Routes>
  );
}
