import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function CompetitorsPreviewRoute() {
  return (
    <PlaceholderPage
      title="Competitors"
      description="A preview of competitor tracking, with the way to request access."
    />
  );
}
