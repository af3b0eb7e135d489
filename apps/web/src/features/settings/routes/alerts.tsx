import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function AlertsRoute() {
  return (
    <PlaceholderPage title="Alerts" description="E-mail alerts for new reviews, by location, rating and source." />
  );
}
