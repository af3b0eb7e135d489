import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function LocalListingsRoute() {
  return (
    <PlaceholderPage
      title="Local Listings"
      description="Listing sync status per directory for every location, with Auto Sync and the listing flyout."
    />
  );
}
