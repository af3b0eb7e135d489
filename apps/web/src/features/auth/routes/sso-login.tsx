import "@mantine/core/styles/Alert.css";
import { Alert, Anchor } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { AuthCard } from "../../../components/shell/auth-card";
import { PageLoader } from "../../../components/shell/page-loader";
import { useSession } from "../../../lib/session";
import { homePathFor } from "../../../lib/session-home";
import { ssoSignIn } from "../api/sso-sign-in";

export const SSO_FAILED_MESSAGE = "This sign-in link is invalid or has expired.";

/** /sso-login/{token}: single sign-on entry; exchanges the token for a session. */
export default function SsoLoginRoute() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const { adoptSession } = useSession();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    ssoSignIn(token)
      .then((session) => {
        adoptSession(session);
        void navigate(homePathFor(session), { replace: true });
      })
      .catch(() => setFailed(true));
  }, [token, adoptSession, navigate]);

  if (!failed) return <PageLoader label="Signing in" />;
  return (
    <AuthCard title="Single sign-on">
      <Alert color="red" role="alert">
        {SSO_FAILED_MESSAGE}
      </Alert>
      <Anchor component={Link} to="/login">
        Sign in with email and password
      </Anchor>
    </AuthCard>
  );
}
