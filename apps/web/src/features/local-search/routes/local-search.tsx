import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function LocalSearchRoute() {
  return (
    <PlaceholderPage
      title="Local Search"
      description="Local search rankings by area for your locations, sorted by top area."
    />
  );
}
