import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function AccountsIntegrationsRoute() {
  return (
    <PlaceholderPage
      title="Integrations"
      description="The integrations of your child accounts (Google, Facebook and more), filtered by status."
    />
  );
}
