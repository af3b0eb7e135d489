import "@mantine/core/styles/Alert.css";
import { Alert, Text } from "@mantine/core";
import { AuthCard } from "../../../components/shell/auth-card";

/** /partner-integrations-setup: the page a partner's integration flow returns to on success. */
export default function PartnerIntegrationsSetupRoute() {
  return (
    <AuthCard title="Integration connected">
      <Alert color="teal" role="status">
        The partner integration is set up.
      </Alert>
      <Text size="sm">You can close this window and return to Starboard.</Text>
    </AuthCard>
  );
}
