import "@mantine/core/styles/Center.css";
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Navigate, useLocation } from "react-router";
import { PageLoader } from "../components/shell/page-loader";
import { errorMessage } from "../components/shell/query-error";
import { useSession } from "../lib/session";
import { EXPIRED_PASSWORD_PATH, isPasswordExpired } from "../lib/session-home";
import { ChildRoutes } from "./child-routes";
import { Pages } from "./lazy-pages";
import { ParentRoutes } from "./parent-routes";

export const BILLING_PATH = "/settings/billing";

/**
 * Every signed-in route: unauthenticated users go to /login (with where they were going),
 * expired passwords to /expired-password, inactive accounts to billing; then the parent's
 * or the child's route table.
 */
export function RequireSession() {
  const { status, session, loadError, refresh, accountActive } = useSession();
  const location = useLocation();

  if (status === "loading") return <PageLoader label="Loading Starboard" />;
  if (status === "error") {
    return (
      <Center component="main" mih="100vh">
        <Stack align="center" gap="sm" role="alert">
          <Title order={1} size="h3">
            Starboard could not be reached
          </Title>
          <Text size="sm">{errorMessage(loadError)}</Text>
          <Button onClick={() => void refresh()}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  if (status === "signed-out" || !session) {
    // /error is a signed-out route too (docs/product/platform.md §2): on its own, outside the layout.
    if (location.pathname === "/error") return <Pages.Error standalone />;
    const path = location.pathname + location.search;
    return <Navigate to={path === "/" ? "/login" : `/login?redirect=${encodeURIComponent(path)}`} replace />;
  }
  if (isPasswordExpired(session)) return <Navigate to={EXPIRED_PASSWORD_PATH} replace />;
  if (!accountActive && !(location.pathname === BILLING_PATH || location.pathname.startsWith(`${BILLING_PATH}/`))) {
    return <Navigate to={BILLING_PATH} replace />;
  }
  return session.is_parent ? <ParentRoutes /> : <ChildRoutes />;
}
