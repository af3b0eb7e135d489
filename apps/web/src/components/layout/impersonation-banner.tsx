import { Box, Text } from "@mantine/core";
import type { TSession } from "@starboard/contract/auth";

/**
 * Shown on every page of an impersonated session (an operator entered the account with
 * `npm run admin -- impersonate`): whose view this is and which operator is looking, and when the
 * session ends. There is no Log Out in such a session; it ends by itself.
 */
export function ImpersonationBanner({ session }: { session: TSession | null }) {
  if (!session?.is_impersonated) return null;
  const operator = session.impersonated_by ?? "an operator";
  const ends = new Date(session.expires_at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return (
    <Box bg="grape.7" px="md" py={4} role="region" aria-label="Impersonation" data-testid="impersonation-banner">
      <Text size="sm" fw={600} c="white" ta="center">
        {`Viewing as ${session.name || session.email} (${session.email}) in ${session.account.name}: ${operator} (operator). Every change is recorded in the account's audit log. The session ends at ${ends}.`}
      </Text>
    </Box>
  );
}
