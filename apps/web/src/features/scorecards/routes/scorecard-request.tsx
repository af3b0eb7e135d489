import { Text } from "@mantine/core";
import { useParams } from "react-router";
import { AuthCard } from "../../../components/shell/auth-card";

/** /scorecardrequest/{id}: the page a scorecard request e-mail links to (content not in the spec). */
export default function ScorecardRequestRoute() {
  const { id = "" } = useParams();
  return (
    <AuthCard title="Scorecard request">
      <Text size="sm" data-testid="placeholder-page">
        This page will show the location scorecard prepared for request <strong>{id}</strong>. Scorecards are not built
        yet.
      </Text>
    </AuthCard>
  );
}
