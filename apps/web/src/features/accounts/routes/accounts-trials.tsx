import { PlaceholderPage } from "../../../components/shell/placeholder-page";

export default function AccountsTrialsRoute() {
  return (
    <PlaceholderPage title="Trials" description="Child accounts in trial, with their days left and setup progress." />
  );
}
