import { Suspense } from "react";
import { Route, Routes } from "react-router";
import { ErrorBoundary } from "../components/shell/error-boundary";
import { PageLoader } from "../components/shell/page-loader";
import { Pages } from "./lazy-pages";
import { RedirectKeepQuery } from "./redirects";
import { RequireSession } from "./require-session";

/** The signed-out routes (docs/product/platform.md §2), then everything else behind the session. */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path="/login" element={<Pages.Login />} />
          <Route path="/users/sign_in" element={<RedirectKeepQuery to="/login" />} />
          <Route path="/signup" element={<Pages.Signup />} />
          <Route path="/signup/location" element={<Pages.SignupLocation />} />
          <Route path="/forgot-password" element={<Pages.ForgotPassword />} />
          <Route path="/reset-password" element={<Pages.ResetPassword />} />
          <Route path="/expired-password" element={<Pages.ExpiredPassword />} />
          <Route path="/password-reset-complete" element={<Pages.PasswordResetComplete />} />
          <Route path="/scorecardrequest/:id" element={<Pages.ScorecardRequest />} />
          <Route path="/partner-integrations-setup" element={<Pages.PartnerIntegrationsSetup />} />
          <Route path="/partner-integrations-error" element={<Pages.PartnerIntegrationsError />} />
          <Route path="/unsubscribe/alerts/:id" element={<Pages.Unsubscribe kind="alerts" />} />
          <Route path="/unsubscribe/requests/:id" element={<Pages.Unsubscribe kind="requests" />} />
          <Route path="/unsubscribe/scheduled_exports/:id" element={<Pages.Unsubscribe kind="scheduled_exports" />} />
          <Route path="/sso-login/:token" element={<Pages.SsoLogin />} />
          <Route path="/triage" element={<Pages.Triage />} />
          <Route path="/switch-account/:childAccountId" element={<Pages.SwitchAccount />} />
          {/* /error is in the signed-in tables too: RequireSession shows it standalone when signed out. */}
          <Route path="*" element={<RequireSession />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
