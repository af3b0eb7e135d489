import "@mantine/core/styles/Alert.css";
import { Alert, Text } from "@mantine/core";
import { AuthCard } from "../../../components/shell/auth-card";
import { useSearchParams } from "../../../lib/search-params";

/** /partner-integrations-error: the page a partner's integration flow returns to on failure. */
export default function PartnerIntegrationsErrorRoute() {
  const [params] = useSearchParams();
  const message = params.get("message") ?? params.get("error");
  return (
    <AuthCard title="Integration failed">
      <Alert color="red" role="alert">
        {message || "The partner integration could not be set up."}
      </Alert>
      <Text size="sm">Close this window and try again from Starboard, or contact support if it keeps failing.</Text>
    </AuthCard>
  );
}
