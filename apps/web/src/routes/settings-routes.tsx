import { can } from "@starboard/contract/permissions";
import { Navigate, Route, Routes } from "react-router";
import { useSession } from "../lib/session";
import { Pages } from "./lazy-pages";
import { RouteGate } from "./route-gate";

/** /settings/*: the same for child and parent accounts. */
export function SettingsRoutes() {
  const { permissions } = useSession();
  return (
    <Routes>
      <Route index element={<Pages.SettingsHome />} />
      <Route path="profile" element={<Pages.Profile />} />
      <Route
        path="users"
        element={
          <RouteGate rule={{ permissions: [["read", "user"]] }} title="Users">
            <Pages.Users />
          </RouteGate>
        }
      />
      <Route path="users/new" element={<Pages.UserNew />} />
      <Route
        path="users/:userId"
        element={
          <RouteGate rule={{ permissions: [["read", "user"]] }} title="User">
            <Pages.UserEdit />
          </RouteGate>
        }
      />
      <Route path="account" element={<Pages.Account />} />
      <Route path="account/integrations" element={<Pages.SettingsIntegrations />} />
      <Route path="account/*" element={<Pages.Account />} />
      <Route path="billing/*" element={<Pages.Billing />} />
      <Route path="integrations/*" element={<Pages.SettingsIntegrations />} />
      <Route
        path="alerts/*"
        element={
          <RouteGate rule={{ permissions: [["update", "alert"]] }} title="Alerts">
            <Pages.Alerts />
          </RouteGate>
        }
      />
      <Route
        path="audit-log"
        element={
          <RouteGate rule={{ permissions: [["read", "account_setting"]] }} title="Audit Log">
            <Pages.AuditLog />
          </RouteGate>
        }
      />
      <Route
        path="scheduled-exports/manage"
        element={
          can(permissions, "create", "scheduled_export") ? (
            <Pages.ScheduledExports />
          ) : (
            <Navigate
              to="/error?statusCode=403&message=You%20do%20not%20have%20access%20to%20scheduled%20exports"
              replace
            />
          )
        }
      />
      <Route
        path="locations/holiday-hours"
        element={
          <RouteGate rule={{ permissions: [["update", "location"]] }} title="Bulk Holiday Hours">
            <Pages.LocationsBulkHolidayHours />
          </RouteGate>
        }
      />
      <Route
        path="locations/import"
        element={
          <RouteGate rule={{ permissions: [["create", "location"]] }} title="Import Locations">
            <Pages.LocationsImport />
          </RouteGate>
        }
      />
      <Route path="locations/*" element={<Pages.Locations />} />
      <Route path="groups/*" element={<Pages.Groups />} />
      <Route
        path="tags"
        element={
          <RouteGate rule={{ permissions: [["read", "tag"]] }} title="Tags">
            <Pages.TagsSettings />
          </RouteGate>
        }
      />
      <Route
        path="response-templates"
        element={
          <RouteGate rule={{ permissions: [["read", "response_template"]] }} title="Response templates">
            <Pages.ResponseTemplates />
          </RouteGate>
        }
      />
      <Route path="*" element={<Pages.SettingsHome />} />
    </Routes>
  );
}
