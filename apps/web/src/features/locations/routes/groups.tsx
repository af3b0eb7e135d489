import { Route, Routes } from "react-router";
import GroupNewRoute from "./group-new";
import GroupsListRoute from "./groups-list";

/** /settings/groups/*: the groups list and a new group. */
export default function GroupsRoute() {
  return (
    <Routes>
      <Route index element={<GroupsListRoute />} />
      <Route path="new" element={<GroupNewRoute />} />
    </Routes>
  );
}
