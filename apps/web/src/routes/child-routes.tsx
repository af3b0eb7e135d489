import { can } from "@starboard/contract/permissions";
import type { ReactNode } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { AppLayout } from "../components/layout/app-layout";
import { NotPermitted } from "../components/shell/not-permitted";
import { DASHBOARD_HOME } from "../lib/nav-links";
import { useSession } from "../lib/session";
import { Pages } from "./lazy-pages";
import { NOT_FOUND_ERROR, RedirectKeepQuery, RedirectPrefix } from "./redirects";
import { RouteGate } from "./route-gate";
import { SettingsRoutes } from "./settings-routes";

/** Competitors: with preview only, every competitor route but the preview redirects to /competitors/preview. */
function CompetitorsGate({ children }: { children: ReactNode }) {
  const { permissions } = useSession();
  const { search } = useLocation();
  if (can(permissions, "read", "competitor")) return <>{children}</>;
  if (can(permissions, "preview", "competitor")) return <Navigate to={`/competitors/preview${search}`} replace />;
  return <NotPermitted title="Competitors" />;
}

const gate = (rule: Parameters<typeof RouteGate>[0]["rule"], title: string, page: ReactNode) => (
  <RouteGate rule={rule} title={title}>
    {page}
  </RouteGate>
);

/** The signed-in routes of a regular (child) account (docs/product/platform.md §2). */
export function ChildRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<Navigate to={DASHBOARD_HOME} replace />} />
        <Route path="dashboard">
          <Route index element={gate({ permissions: [["read", "metrics"]] }, "Dashboard", <Pages.Dashboard />)} />
          <Route path="keywords" element={gate({ setting: "insights" }, "Keywords", <Pages.Keywords />)} />
          <Route
            path="keywords/categories"
            element={gate({ setting: "insights" }, "Experience Categories", <Pages.KeywordCategories />)}
          />
          <Route path="keywords/:keyword" element={gate({ setting: "insights" }, "Keyword", <Pages.KeywordDetail />)} />
          <Route
            path="locations"
            element={gate(
              {
                permissions: [
                  ["read", "group"],
                  ["read", "location"],
                ],
              },
              "Location Performance",
              <Pages.LocationPerformance />,
            )}
          />
          <Route
            path="local_listings"
            element={gate(
              {
                permissions: [
                  ["preview", "local_listing"],
                  ["create", "local_listing"],
                  ["read", "local_listing"],
                ],
                some: true,
              },
              "Local Listings",
              <Pages.LocalListings />,
            )}
          />
          <Route path="*" element={gate({ permissions: [["read", "metrics"]] }, "Dashboard", <Pages.Dashboard />)} />
        </Route>
        <Route
          path="request-reviews/*"
          element={gate({ permissions: [["read", "request"]] }, "Request Reviews", <Pages.RequestReviews />)}
        />
        <Route path="settings/*" element={<SettingsRoutes />} />
        <Route path="reviews" element={gate({ permissions: [["read", "review"]] }, "Reviews", <Pages.Reviews />)} />
        <Route
          path="reviews/:reviewId"
          element={gate({ permissions: [["read", "review"]] }, "Review", <Pages.ReviewDetail />)}
        />
        <Route
          path="reviews/:reviewId/history"
          element={gate({ permissions: [["read", "review"]] }, "Review History", <Pages.ReviewHistory />)}
        />
        <Route
          path="amplify/*"
          element={gate(
            {
              permissions: [
                ["preview", "amplify"],
                ["create", "amplify"],
              ],
              some: true,
            },
            "Amplify",
            <Pages.Amplify />,
          )}
        />
        <Route path="competitors/preview" element={<Pages.CompetitorsPreview />} />
        <Route
          path="competitors/*"
          element={
            <CompetitorsGate>
              <Pages.Competitors />
            </CompetitorsGate>
          }
        />
        <Route
          path="local-search/*"
          element={gate(
            {
              permissions: [
                ["preview", "local_search"],
                ["read", "local_search"],
              ],
              some: true,
            },
            "Local Search",
            <Pages.LocalSearch />,
          )}
        />
        <Route path="oauth/authorize" element={<Pages.OauthAuthorize />} />
        <Route
          path="partner-tools/scorecards/*"
          element={gate(
            {
              permissions: [
                ["create", "partner_scorecard"],
                ["read", "partner_scorecard"],
              ],
            },
            "Scorecards",
            <Pages.Scorecards />,
          )}
        />
        <Route path="partner-tools/*" element={<Pages.PartnerTools />} />
        <Route path="photos/*" element={gate({ setting: "media" }, "Photos", <Pages.Photos />)} />
        <Route path="prescriptive_insights" element={<Pages.PrescriptiveInsights />} />
        <Route path="file-downloads/:fileId" element={<Pages.FileDownload />} />
        <Route
          path="visual-reports"
          element={gate(
            { permissions: [["read", "visual_report"]], flag: "visualReports" },
            "Reports",
            <Pages.VisualReports />,
          )}
        />
        <Route path="error" element={<Pages.Error />} />
        <Route path="profile" element={<RedirectKeepQuery to="/settings/profile" />} />
        <Route path="account/*" element={<RedirectPrefix to="/settings/account" />} />
        <Route path="billing/*" element={<RedirectPrefix to="/settings/billing" />} />
        <Route path="*" element={<Navigate to={NOT_FOUND_ERROR} replace />} />
      </Route>
    </Routes>
  );
}
