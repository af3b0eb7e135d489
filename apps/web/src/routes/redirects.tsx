import { Navigate, useLocation, useParams } from "react-router";

/** Redirects to `to`, keeping the query string (and hash). */
export function RedirectKeepQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

/** /account/* → /settings/account/*, /billing/* → /settings/billing/*: the rest of the path and the query carry over. */
export function RedirectPrefix({ to }: { to: string }) {
  const { "*": rest = "" } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${rest ? `/${rest}` : ""}${search}${hash}`} replace />;
}

export const NOT_FOUND_ERROR = "/error?statusCode=404&message=Page%20not%20found";
