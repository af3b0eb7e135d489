import type { TSession } from "@starboard/contract/auth";
import type { TPermissions } from "@starboard/contract/permissions";
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "react-router";
import { setAnalyticsEnabled } from "./analytics";
import { ApiError, getCredentials, onAuthStatus, setCredentials } from "./api";
import { createSession, deleteSession, getSession } from "./auth-api";
import {
  AUTH_STORAGE_KEY,
  activeCredentials,
  forgetChildSession,
  readStoredAuth,
  type StoredCredentials,
  writeStoredAuth,
} from "./auth-storage";
import { hardNavigate } from "./base-path";
import { queryClient } from "./query-client";

/**
 * The session (docs/product/platform.md §3, §4, §8):
 * - the token lives in localStorage; removing it in another tab signs this tab out;
 * - a different identity clears every cached query (account, profile, user, whitelabel...);
 * - a 401 on any call signs out silently to /login?invalidated=true&redirect=<path>;
 * - a 402 marks the account inactive (the router then sends the user to billing);
 * - impersonated sessions send no analytics; shadowed child sessions are kept per child account.
 */
export type SessionStatus = "loading" | "signed-out" | "signed-in" | "error";

export interface SessionContextValue {
  status: SessionStatus;
  session: TSession | null;
  /** The last sign-out was forced (401). */
  invalidated: boolean;
  loadError: Error | null;
  /** The child account being shadowed (the app runs under /as/{id}). */
  shadowAccountId: string | null;
  isShadowing: boolean;
  isImpersonated: boolean;
  isParent: boolean;
  isWhitelabel: boolean;
  accountActive: boolean;
  permissions: TPermissions;
  signIn: (email: string, password: string) => Promise<TSession>;
  /** Adopts a session answered with a token (sign-up, SSO). */
  adoptSession: (session: TSession) => void;
  refresh: () => Promise<void>;
  logout: (options?: { invalidated?: boolean; redirect?: string }) => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const identityOf = (s: TSession) => `${s.user_id}:${s.account_id}`;
const PUBLIC_PREFIXES = ["/login", "/signup", "/users/sign_in", "/forgot-password", "/reset-password", "/sso-login"];

export function SessionProvider({
  shadowAccountId,
  children,
}: {
  shadowAccountId: string | null;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [status, setStatus] = useState<SessionStatus>("loading");
  const [session, setSession] = useState<TSession | null>(null);
  const [invalidated, setInvalidated] = useState(false);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const identity = useRef<string | null>(null);
  const pathRef = useRef(location.pathname + location.search);
  pathRef.current = location.pathname + location.search;

  const accept = useCallback((next: TSession) => {
    const id = identityOf(next);
    if (identity.current !== null && identity.current !== id) queryClient.clear();
    identity.current = id;
    setAnalyticsEnabled(!next.is_impersonated);
    setSession(next);
    setInvalidated(false);
    setLoadError(null);
    setStatus("signed-in");
  }, []);

  const reset = useCallback((wasInvalidated: boolean) => {
    setCredentials(null);
    queryClient.clear();
    identity.current = null;
    setAnalyticsEnabled(true);
    setSession(null);
    setInvalidated(wasInvalidated);
    setStatus("signed-out");
  }, []);

  /** Loads the session for the stored credentials of this base path. */
  const load = useCallback(async () => {
    const stored = readStoredAuth();
    const creds = activeCredentials(stored, shadowAccountId);
    if (!creds) {
      if (shadowAccountId && stored) {
        // A shadow address without its child session: the parent asks for one.
        hardNavigate(`/switch-account/${encodeURIComponent(shadowAccountId)}`);
        return;
      }
      reset(false);
      return;
    }
    setCredentials(creds);
    try {
      accept(await getSession());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return; // handled by the 401 listener
      setLoadError(error instanceof Error ? error : new Error(String(error)));
      setStatus("error");
    }
  }, [accept, reset, shadowAccountId]);

  // Sign out on 401; mark the account inactive on 402.
  useEffect(() => {
    const unsubscribe = onAuthStatus((code) => {
      if (code === 402) {
        setSession((s) => (s ? { ...s, account: { ...s.account, account_active: false } } : s));
        return;
      }
      if (shadowAccountId) {
        forgetChildSession(shadowAccountId);
        reset(true);
        const redirect = window.location.pathname + window.location.search;
        hardNavigate(`/switch-account/${encodeURIComponent(shadowAccountId)}?redirect=${encodeURIComponent(redirect)}`);
        return;
      }
      writeStoredAuth(null);
      const path = pathRef.current;
      const isPublic = PUBLIC_PREFIXES.some((p) => path.startsWith(p));
      const target = isPublic
        ? "/login?invalidated=true"
        : `/login?invalidated=true&redirect=${encodeURIComponent(path)}`;
      // One transition: the guard must never render "signed out" at the old path, or it adds its own redirect.
      startTransition(() => {
        reset(true);
        void navigate(target, { replace: true });
      });
    });
    return () => {
      unsubscribe();
    };
  }, [navigate, reset, shadowAccountId]);

  // First load.
  useEffect(() => {
    void load();
  }, [load]);

  // Another tab signed out (token removed) or signed in as someone else.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== AUTH_STORAGE_KEY) return;
      const creds = activeCredentials(readStoredAuth(), shadowAccountId);
      const current = getCredentials();
      if (!creds) {
        if (!current) return;
        if (shadowAccountId) {
          reset(false);
          hardNavigate("/login");
          return;
        }
        startTransition(() => {
          reset(false);
          void navigate("/login", { replace: true });
        });
        return;
      }
      if (!current || current.token !== creds.token || current.email !== creds.email) void load();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [load, navigate, reset, shadowAccountId]);

  const adoptSession = useCallback(
    (next: TSession) => {
      if (!next.token) throw new Error("The session has no token.");
      const creds: StoredCredentials = { email: next.email, token: next.token };
      const previous = readStoredAuth();
      // A new sign-in keeps child sessions only when it is the same user.
      const keepChildren = previous && previous.email === creds.email ? previous.childSessions : {};
      writeStoredAuth({ ...creds, childSessions: keepChildren });
      setCredentials(creds);
      accept(next);
    },
    [accept],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const next = await createSession(email, password);
      adoptSession(next);
      return next;
    },
    [adoptSession],
  );

  const logout = useCallback(
    async (options: { invalidated?: boolean; redirect?: string } = {}) => {
      if (getCredentials()) await deleteSession().catch(() => undefined);
      writeStoredAuth(null);
      const params = new URLSearchParams();
      if (options.invalidated) params.set("invalidated", "true");
      if (options.redirect) params.set("redirect", options.redirect);
      const query = params.toString();
      const target = `/login${query ? `?${query}` : ""}`;
      if (shadowAccountId) {
        reset(Boolean(options.invalidated));
        hardNavigate(target);
        return;
      }
      startTransition(() => {
        reset(Boolean(options.invalidated));
        void navigate(target, { replace: true });
      });
    },
    [navigate, reset, shadowAccountId],
  );

  const value = useMemo<SessionContextValue>(
    () => ({
      status,
      session,
      invalidated,
      loadError,
      shadowAccountId,
      isShadowing: Boolean(shadowAccountId) || Boolean(session?.is_shadowing),
      isImpersonated: Boolean(session?.is_impersonated),
      isParent: Boolean(session?.is_parent),
      isWhitelabel: Boolean(session?.whitelabel ?? session?.account.whitelabel_id),
      accountActive: session?.account.account_active ?? true,
      permissions: (session?.permissions ?? {}) as TPermissions,
      signIn,
      adoptSession,
      refresh: load,
      logout,
    }),
    [status, session, invalidated, loadError, shadowAccountId, signIn, adoptSession, load, logout],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}

/** The signed-in session; only for components rendered behind the signed-in guard. */
export function useSignedInSession(): TSession {
  const { session } = useSession();
  if (!session) throw new Error("useSignedInSession needs a signed-in session");
  return session;
}
