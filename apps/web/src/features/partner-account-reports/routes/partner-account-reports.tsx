import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function PartnerAccountReportsRoute() {
  return <PlaceholderPage title="Account Reports" description="Reports comparing your child accounts." />;
}
