import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function CompetitorsRoute() {
  return (
    <PlaceholderPage
      title="Competitors"
      description="How your locations and brand compare with nearby competitors on ratings and review volume."
    />
  );
}
