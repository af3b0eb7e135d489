import { can } from "@starboard/contract/permissions";
import { Navigate, Route, Routes } from "react-router";
import { PlaceholderPage } from "../components/shell/placeholder-page";
import { useSession } from "../lib/session";
import { Pages } from "./lazy-pages";
import { RouteGate } from "./route-gate";

const BACK_TO_SETTINGS = { to: "/settings", label: "Back to Account & Settings" };

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
        path="locations"
        element={
          <PlaceholderPage
            title="Locations"
            description="The locations screen is coming: list, search and edit the account's locations."
            back={BACK_TO_SETTINGS}
          />
        }
      />
      <Route
        path="locations/new"
        element={
          <PlaceholderPage
            title="Add Location"
            description="The screen to add a location is coming."
            back={BACK_TO_SETTINGS}
          />
        }
      />
      <Route
        path="tags"
        element={
          <PlaceholderPage
            title="Tags"
            description="The screen to manage review tags is coming."
            back={BACK_TO_SETTINGS}
          />
        }
      />
      <Route path="*" element={<Pages.SettingsHome />} />
    </Routes>
  );
}
