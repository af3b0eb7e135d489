import { ExportMenu } from "../../../components/export/export-menu";
import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function LocationPerformanceRoute() {
  return (
    <>
      <ExportMenu resource="location_performance" />
      <PlaceholderPage
        title="Location Performance"
        description="The location and group performance report: scores, review volume, average rating, response rate and response time, with rankings."
      />
    </>
  );
}
