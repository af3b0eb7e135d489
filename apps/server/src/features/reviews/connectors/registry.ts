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
    baseUrl: options.baseUrls?.[sourceCode] || env[BASE_URL_ENV[sourceCode]] || DEFAULT_BASE_URLS[sourceCode],
    ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
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
