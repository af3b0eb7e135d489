import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function PrescriptiveInsightsRoute() {
  return (
    <PlaceholderPage
      title="Prescriptive Insights"
      description="Suggested actions drawn from your reviews and listings."
    />
  );
}
