import "@mantine/core/styles/Alert.css";
import { Alert, Anchor, Stack } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation, useParams } from "react-router";
import { AuthCard } from "../../../components/shell/auth-card";
import { PageLoader } from "../../../components/shell/page-loader";
import { errorMessage } from "../../../components/shell/query-error";
import { storeChildSession } from "../../../lib/auth-storage";
import { hardNavigate } from "../../../lib/base-path";
import { DASHBOARD_HOME } from "../../../lib/nav-links";
import { useSearchParams } from "../../../lib/search-params";
import { useSession } from "../../../lib/session";
import { createShadowToken } from "../api/create-shadow-token";

export const NOT_A_PARENT_MESSAGE = "Only a parent account can switch into a child account.";

/** /switch-account/{childAccountId}: a parent user enters a child account under /as/{id}. */
export default function SwitchAccountRoute() {
  const { childAccountId = "" } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const { status, session } = useSession();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const base = `/as/${encodeURIComponent(childAccountId)}`;
  const redirect = params.get("redirect");
  const target =
    redirect && (redirect === base || redirect.startsWith(`${base}/`)) ? redirect : `${base}${DASHBOARD_HOME}`;

  const canSwitch = status === "signed-in" && Boolean(session?.is_parent);
  useEffect(() => {
    if (!canSwitch || started.current) return;
    started.current = true;
    createShadowToken(childAccountId)
      .then((child) => {
        if (!child.token) throw new Error("The child session has no token.");
        storeChildSession(child.account_id || childAccountId, { email: child.email, token: child.token });
        hardNavigate(target);
      })
      .catch((e: unknown) => setError(errorMessage(e)));
  }, [canSwitch, childAccountId, target]);

  if (status === "loading") return <PageLoader label="Switching account" />;
  if (status !== "signed-in") {
    return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (!session?.is_parent || error) {
    return (
      <AuthCard title="Could not switch account">
        <Stack gap="sm">
          <Alert color="red" role="alert">
            {error ?? NOT_A_PARENT_MESSAGE}
          </Alert>
          <Anchor component={Link} to="/">
            Back to Starboard
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }
  return <PageLoader label="Switching account" />;
}
