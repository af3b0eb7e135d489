import { Route, Routes } from "react-router";
import LocationDetailsRoute from "./location-details";
import LocationGroupsRoute from "./location-groups";
import LocationNewRoute from "./location-new";
import LocationsListRoute from "./locations-list";

/** /settings/locations/*: the list, a new location, its groups after creating, and a location's details. */
export default function LocationsRoute() {
  return (
    <Routes>
      <Route index element={<LocationsListRoute />} />
      <Route path="new" element={<LocationNewRoute />} />
      <Route path="new/:locationId/groups" element={<LocationGroupsRoute />} />
      <Route path=":locationId/details" element={<LocationDetailsRoute />} />
      <Route path=":locationId" element={<LocationDetailsRoute />} />
    </Routes>
  );
}
