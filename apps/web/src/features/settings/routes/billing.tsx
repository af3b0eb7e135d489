import "@mantine/core/styles/Alert.css";
import { Alert, Stack } from "@mantine/core";
import { MESSAGES } from "@starboard/contract/errors";
import { PlaceholderPage } from "../../../components/shell/placeholder-page";
import { useSession } from "../../../lib/session";

/** /settings/billing/*: inactive accounts are sent here (docs/product/platform.md §2). */
export default function BillingRoute() {
  const { accountActive } = useSession();
  return (
    <Stack gap="md">
      {!accountActive && (
        <Alert color="red" title={MESSAGES.accountInactive} role="alert" data-testid="account-inactive">
          Update your billing details to reactivate the account.
        </Alert>
      )}
      <PlaceholderPage title="Billing" description="Your subscription, payment card, invoices and SMS credits." />
    </Stack>
  );
}
