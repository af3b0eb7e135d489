import { lazy } from "react";

/**
 * Every page is its own chunk, so the first load of the signed-in shell carries only the
 * shell (providers, session, layout, navigation). Later work replaces the placeholder files
 * these point to.
 */
export const Pages = {
  // Signed out.
  Login: lazy(() => import("../features/auth/routes/login")),
  Signup: lazy(() => import("../features/auth/routes/signup")),
  SignupLocation: lazy(() => import("../features/auth/routes/signup-location")),
  ForgotPassword: lazy(() => import("../features/auth/routes/forgot-password")),
  ResetPassword: lazy(() => import("../features/auth/routes/reset-password")),
  ExpiredPassword: lazy(() => import("../features/auth/routes/expired-password")),
  PasswordResetComplete: lazy(() => import("../features/auth/routes/password-reset-complete")),
  SsoLogin: lazy(() => import("../features/auth/routes/sso-login")),
  SwitchAccount: lazy(() => import("../features/auth/routes/switch-account")),
  Triage: lazy(() => import("../features/triage/routes/triage")),
  Error: lazy(() => import("../features/errors/routes/error-page")),
  ScorecardRequest: lazy(() => import("../features/scorecards/routes/scorecard-request")),
  PartnerIntegrationsSetup: lazy(() => import("../features/integrations/routes/partner-integrations-setup")),
  PartnerIntegrationsError: lazy(() => import("../features/integrations/routes/partner-integrations-error")),
  Unsubscribe: lazy(() => import("../features/unsubscribe/routes/unsubscribe")),
  // Child account.
  Dashboard: lazy(() => import("../features/dashboard/routes/dashboard")),
  Keywords: lazy(() => import("../features/keywords/routes/keywords")),
  KeywordCategories: lazy(() => import("../features/keywords/routes/keyword-categories")),
  KeywordDetail: lazy(() => import("../features/keywords/routes/keyword-detail")),
  LocationPerformance: lazy(() => import("../features/location-performance/routes/location-performance")),
  LocalListings: lazy(() => import("../features/local-listings/routes/local-listings")),
  Reviews: lazy(() => import("../features/reviews/routes/reviews")),
  ReviewDetail: lazy(() => import("../features/reviews/routes/review-detail")),
  ReviewHistory: lazy(() => import("../features/reviews/routes/review-history")),
  RequestReviews: lazy(() => import("../features/request-reviews/routes/request-reviews")),
  Amplify: lazy(() => import("../features/amplify/routes/amplify")),
  Competitors: lazy(() => import("../features/competitors/routes/competitors")),
  CompetitorsPreview: lazy(() => import("../features/competitors/routes/competitors-preview")),
  LocalSearch: lazy(() => import("../features/local-search/routes/local-search")),
  OauthAuthorize: lazy(() => import("../features/oauth/routes/oauth-authorize")),
  PartnerTools: lazy(() => import("../features/partner-tools/routes/partner-tools")),
  Scorecards: lazy(() => import("../features/partner-tools/routes/scorecards")),
  Photos: lazy(() => import("../features/photos/routes/photos")),
  PrescriptiveInsights: lazy(() => import("../features/prescriptive-insights/routes/prescriptive-insights")),
  FileDownload: lazy(() => import("../features/file-downloads/routes/file-download")),
  VisualReports: lazy(() => import("../features/visual-reports/routes/visual-reports")),
  // Settings.
  SettingsHome: lazy(() => import("../features/settings/routes/settings-home")),
  Profile: lazy(() => import("../features/settings/routes/profile")),
  Users: lazy(() => import("../features/settings/routes/users")),
  UserNew: lazy(() => import("../features/settings/routes/user-new")),
  UserEdit: lazy(() => import("../features/settings/routes/user-edit")),
  Account: lazy(() => import("../features/settings/routes/account")),
  Billing: lazy(() => import("../features/settings/routes/billing")),
  SettingsIntegrations: lazy(() => import("../features/settings/routes/integrations")),
  Alerts: lazy(() => import("../features/settings/routes/alerts")),
  AuditLog: lazy(() => import("../features/settings/routes/audit-log")),
  ScheduledExports: lazy(() => import("../features/settings/routes/scheduled-exports")),
  TagsSettings: lazy(() => import("../features/settings/routes/tags-settings")),
  ResponseTemplates: lazy(() => import("../features/settings/routes/response-templates")),
  Locations: lazy(() => import("../features/locations/routes/locations")),
  Groups: lazy(() => import("../features/locations/routes/groups")),
  // Parent account.
  Accounts: lazy(() => import("../features/accounts/routes/accounts")),
  AccountsIntegrations: lazy(() => import("../features/accounts/routes/accounts-integrations")),
  AccountsTrials: lazy(() => import("../features/accounts/routes/accounts-trials")),
  ChildReviews: lazy(() => import("../features/child-reviews/routes/child-reviews")),
  PartnerAccountReports: lazy(() => import("../features/partner-account-reports/routes/partner-account-reports")),
};
