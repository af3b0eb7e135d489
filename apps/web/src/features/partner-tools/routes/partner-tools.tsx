import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function PartnerToolsRoute() {
  return <PlaceholderPage title="Partner Tools" description="Partner tools, including location scorecards." />;
}
