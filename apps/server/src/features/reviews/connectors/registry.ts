import type { ConnectorSettings, ReviewConnector, SourceCode } from "./connector.ts";
import { FACEBOOK_DEFAULT_BASE_URL, FacebookConnector } from "./facebook.ts";
import { GOOGLE_DEFAULT_BASE_URL, GoogleConnector } from "./google.ts";
import { TRUSTPILOT_DEFAULT_BASE_URL, TrustpilotConnector } from "./trustpilot.ts";
import { YELP_DEFAULT_BASE_URL, YelpConnector } from "./yelp.ts";

export const CONNECTOR_SOURCE_CODES: readonly SourceCode[] = ["google", "yelp", "facebook", "trustpilot"];

const DEFAULT_BASE_URLS: Record<SourceCode, string> = {
  google: GOOGLE_DEFAULT_BASE_URL,
  yelp: YELP_DEFAULT_BASE_URL,
  facebook: FACEBOOK_DEFAULT_BASE_URL,
  trustpilot: TRUSTPILOT_DEFAULT_BASE_URL,
};

/** The environment variable that points a source at another host (a fake, a proxy). */
const BASE_URL_ENV: Record<SourceCode, string> = {
  google: "GOOGLE_API_BASE",
  yelp: "YELP_API_BASE",
  facebook: "FACEBOOK_API_BASE",
  trustpilot: "TRUSTPILOT_API_BASE",
};

export interface ConnectorOptions {
  /** Wins over the environment. */
  baseUrls?: Partial<Record<SourceCode, string>>;
  env?: NodeJS.ProcessEnv;
  pageSize?: number;
  timeoutMs?: number;
  /** Graph API version for Facebook; FACEBOOK_GRAPH_VERSION in the environment otherwise. */
  facebookGraphVersion?: string;
  fetch?: typeof fetch;
  /**
   * The account is a sandbox account (the demo's, table sandbox_accounts): its connector reaches the
   * built-in sandbox in `sandboxBaseUrls` and nothing else. Any other account's connector never reaches
   * a sandbox, whatever its base URL says (docs/api.md "Demo connections").
   */
  sandbox?: boolean;
  /** The running sandboxes' base URLs (features/sandboxes). */
  sandboxBaseUrls?: Partial<Record<SourceCode, string>>;
}

/** Origins of the sandboxes running in this process (features/sandboxes registers them). */
const sandboxOrigins = new Set<string>();

/** Records a running sandbox's base URL; the answer forgets it again (when the sandbox stops). */
export function registerSandboxBaseUrl(baseUrl: string): () => void {
  const origin = loopbackOrigin(baseUrl);
  sandboxOrigins.add(origin);
  return () => sandboxOrigins.delete(origin);
}

/** Whether the URL is served by a sandbox running in this process. */
export function isSandboxUrl(url: string | URL): boolean {
  return sandboxOrigins.has(loopbackOrigin(url));
}

/** The origin, with every loopback name written the same way. */
function loopbackOrigin(url: string | URL): string {
  const u = new URL(url);
  const host = ["localhost", "127.0.0.1", "[::1]", "0.0.0.0"].includes(u.hostname) ? "loopback" : u.hostname;
  return `${u.protocol}//${host}:${u.port || (u.protocol === "https:" ? "443" : "80")}`;
}

/** Where a sandbox account's calls go when no sandbox runs: a name that never resolves (RFC 2606). */
const NO_SANDBOX = "http://sandbox.invalid";

/**
 * The one place a connector's host is chosen. A sandbox account gets its sandbox (or, when none runs, an
 * address that never resolves); any other account gets `baseUrls`, the environment or the real service.
 * Every call is checked again at the boundary: a sandbox account's may only reach a sandbox, and any other
 * account's may never reach one.
 */
function baseUrlFor(sourceCode: SourceCode, options: ConnectorOptions, env: NodeJS.ProcessEnv): string {
  if (options.sandbox) return options.sandboxBaseUrls?.[sourceCode] || `${NO_SANDBOX}/${sourceCode}`;
  return options.baseUrls?.[sourceCode] || env[BASE_URL_ENV[sourceCode]] || DEFAULT_BASE_URLS[sourceCode];
}

function boundaryFetch(sandbox: boolean, inner: typeof fetch | undefined): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (sandbox !== isSandboxUrl(url)) {
      const why = sandbox
        ? "a demo account's source is a sandbox: it never reaches the real service"
        : "a sandbox serves only demo accounts";
      return Promise.reject(new Error(`${why} (${new URL(url).origin})`));
    }
    return (inner ?? fetch)(input, init);
  };
}

export function isConnectorSource(code: string): code is SourceCode {
  return (CONNECTOR_SOURCE_CODES as readonly string[]).includes(code);
}

/** The connector for a source code; undefined for sources read some other way (or not at all). */
export function connectorFor(sourceCode: SourceCode, options?: ConnectorOptions): ReviewConnector;
export function connectorFor(sourceCode: string, options?: ConnectorOptions): ReviewConnector | undefined;
export function connectorFor(sourceCode: string, options: ConnectorOptions = {}): ReviewConnector | undefined {
  if (!isConnectorSource(sourceCode)) return undefined;
  const env = options.env ?? process.env;
  const settings: ConnectorSettings = {
    baseUrl: baseUrlFor(sourceCode, options, env),
    ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    fetch: boundaryFetch(options.sandbox === true, options.fetch),
  };
  switch (sourceCode) {
    case "google":
      return new GoogleConnector(settings);
    case "yelp":
      return new YelpConnector(settings);
    case "facebook": {
      const graphVersion = options.facebookGraphVersion || env.FACEBOOK_GRAPH_VERSION;
      return new FacebookConnector({ ...settings, ...(graphVersion ? { graphVersion } : {}) });
    }
    case "trustpilot":
      return new TrustpilotConnector(settings);
  }
}
