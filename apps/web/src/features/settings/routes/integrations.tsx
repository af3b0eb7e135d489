import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function SettingsIntegrationsRoute() {
  return (
    <PlaceholderPage
      title="Integrations"
      description="Connect Google, Facebook, Trustpilot and other sources to this account."
    />
  );
}
