import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function VisualReportsRoute() {
  return <PlaceholderPage title="Reports" description="Visual reports of review and location performance." />;
}
