import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function LocationPerformanceRoute() {
  return (
    <PlaceholderPage
      title="Location Performance"
      description="The location and group performance report: scores, review volume, average rating, response rate and response time, with rankings."
    />
  );
}
