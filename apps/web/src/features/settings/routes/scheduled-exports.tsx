import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function ScheduledExportsRoute() {
  return (
    <PlaceholderPage
      title="Scheduled Exports"
      description="Your scheduled CSV exports: who receives them, how often, and for which report."
    />
  );
}
