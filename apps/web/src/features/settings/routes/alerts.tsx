import { Route, Routes } from "react-router";
import AlertEditRoute from "./alert-edit";
import AlertNewRoute from "./alert-new";
import AlertsListRoute from "./alerts-list";

/** /settings/alerts/*: the signed-in user's e-mail alerts (list), a new one, and one to edit. */
export default function AlertsRoute() {
  return (
    <Routes>
      <Route index element={<AlertsListRoute />} />
      <Route path="new" element={<AlertNewRoute />} />
      <Route path=":alertId" element={<AlertEditRoute />} />
    </Routes>
  );
}
