import { readJson, writeJson, writeStorage } from "./local-storage";

/**
 * The stored sign-in (docs/product/platform.md §3, §4): the token of the signed-in user and, while a parent
 * user shadows child accounts, one child session per child account. Removing this entry in any
 * tab signs every tab out.
 */
export const AUTH_STORAGE_KEY = "starboard.auth";

export interface StoredCredentials {
  email: string;
  token: string;
}

export interface StoredAuth extends StoredCredentials {
  childSessions?: Record<string, StoredCredentials>;
}

function isCredentials(value: unknown): value is StoredCredentials {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.email === "string" && typeof v.token === "string" && v.token.length > 0;
}

export function readStoredAuth(): StoredAuth | null {
  const value = readJson<unknown>(AUTH_STORAGE_KEY, null);
  if (!isCredentials(value)) return null;
  const children: Record<string, StoredCredentials> = {};
  const raw = (value as { childSessions?: unknown }).childSessions;
  if (raw && typeof raw === "object") {
    for (const [id, creds] of Object.entries(raw)) if (isCredentials(creds)) children[id] = creds;
  }
  return { email: value.email, token: value.token, childSessions: children };
}

export function writeStoredAuth(auth: StoredAuth | null) {
  if (auth === null) writeStorage(AUTH_STORAGE_KEY, null);
  else writeJson(AUTH_STORAGE_KEY, auth);
}

/** The credentials for the current base path: the parent's, or the shadowed child's. */
export function activeCredentials(auth: StoredAuth | null, shadowAccountId: string | null): StoredCredentials | null {
  if (!auth) return null;
  if (shadowAccountId) return auth.childSessions?.[shadowAccountId] ?? null;
  return { email: auth.email, token: auth.token };
}

export function storeChildSession(childAccountId: string, creds: StoredCredentials) {
  const auth = readStoredAuth();
  if (!auth) return;
  writeStoredAuth({ ...auth, childSessions: { ...auth.childSessions, [childAccountId]: creds } });
}

export function forgetChildSession(childAccountId: string) {
  const auth = readStoredAuth();
  if (!auth?.childSessions?.[childAccountId]) return;
  const { [childAccountId]: _removed, ...rest } = auth.childSessions;
  writeStoredAuth({ ...auth, childSessions: rest });
}
