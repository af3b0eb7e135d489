import path from "node:path";
import type { AppContext } from "../../platform/context.ts";
import { registerSandboxBaseUrl, type SourceCode } from "../reviews/index.ts";
import { type FacebookSandboxState, startFacebookSandbox } from "./facebook.ts";
import { demoGoogleReviewsAt } from "./queries.ts";
import { type FakeGoogleState, type GoogleApiReview, googleLocationOf, startFakeGoogle } from "./sources/google.ts";
import type { FakeServer } from "./sources/http.ts";
import { SandboxStore } from "./store.ts";
import { startTrustpilotSandbox } from "./trustpilot.ts";
import { startYelpSandbox } from "./yelp.ts";

/** The demo's Google access token (its source_credentials): the only one the Google sandbox takes. */
export const DEMO_GOOGLE_TOKEN = "demo-google-access-token";

/** The Google sandbox's saved state: the reviews (with their replies) of every location it was asked about. */
interface GoogleSnapshot {
  locations: Record<string, GoogleApiReview[]>;
}

export interface Sandboxes {
  /** Where the demo's connectors go, by source. */
  baseUrls: Partial<Record<SourceCode, string>>;
  google: FakeServer<FakeGoogleState>;
  facebook: FakeServer<FacebookSandboxState>;
  /** Yelp Fusion (reviews; ./yelp.ts) and Trustpilot (reviews, replies; ./trustpilot.ts), every demo listing at once. */
  yelp: Awaited<ReturnType<typeof startYelpSandbox>>["server"];
  trustpilot: Awaited<ReturnType<typeof startTrustpilotSandbox>>["server"];
  close(): Promise<void>;
}

const running = new WeakMap<AppContext, Sandboxes>();

/** The sandboxes this app runs (none where the demo is not composed). */
export function sandboxesOf(ctx: AppContext): Sandboxes | undefined {
  return running.get(ctx);
}

/** Sandbox settings: the configured ones, else a realistic delay and failure rate (none in tests). */
export function sandboxBehaviour(config: AppContext["config"]) {
  const test = config.environment === "test";
  return {
    delayMs: config.sandboxDelayMs ?? (test ? 0 : 300),
    failureRate: config.sandboxFailureRate ?? (test ? 0 : 0.05),
  };
}

/**
 * Starts the demo's sandbox sources on the loopback: Google (My Business API v4: reviews.list, updateReply,
 * deleteReply, and the `/__fake/` control API) and Facebook (Graph: Page ratings, comments; ./facebook.ts). A location is known when a sandbox account
 * (the demo's) has a Google listing with its id; the first call about it copies that listing's demo reviews
 * and published replies in, and from then on the sandbox's own state (saved under DATA_DIR/sandboxes) is
 * what it serves: replies written and deleted stay so across restarts.
 */
export async function startSandboxes(ctx: AppContext): Promise<Sandboxes> {
  const { config } = ctx;
  const { delayMs, failureRate } = sandboxBehaviour(config);
  let state: FakeGoogleState | undefined;
  const store = new SandboxStore<GoogleSnapshot>(path.join(config.dataDir, "sandboxes"), "google", () => ({
    locations: state?.locations ?? {},
  }));
  const loading = new Map<string, Promise<void>>();
  const load = async (location: string) => {
    const reviews = await demoGoogleReviewsAt(ctx.database.db, location);
    if (reviews && state && !state.locations[location]) {
      state.locations[location] = reviews;
      store.changed();
    }
  };
  const google = await startFakeGoogle({
    accessToken: DEMO_GOOGLE_TOKEN,
    // Every location lives in `locations`; this name is nobody's.
    locationName: "accounts/-/locations/-",
    locations: store.load()?.locations ?? {},
    ...(config.sandboxGooglePort ? { port: config.sandboxGooglePort } : {}),
    behaviour: {
      delayMs,
      failureRate,
      maxRequests: 1000,
      changed: () => store.changed(),
      prepare: async (request) => {
        const location = googleLocationOf(request.path);
        if (!location || !state || state.locations[location]) return;
        let pending = loading.get(location);
        if (!pending) {
          pending = load(location).finally(() => loading.delete(location));
          loading.set(location, pending);
        }
        await pending;
      },
    },
  });
  state = google.state;
  const facebook = await startFacebookSandbox(ctx, { delayMs, failureRate }, path.join(config.dataDir, "sandboxes"));
  const yelp = await startYelpSandbox(
    ctx.database.db,
    { delayMs, failureRate },
    path.join(config.dataDir, "sandboxes"),
  );
  const trustpilot = await startTrustpilotSandbox(
    ctx.database.db,
    { delayMs, failureRate },
    path.join(config.dataDir, "sandboxes"),
  );
  const forgetListings = [registerSandboxBaseUrl(yelp.server.url), registerSandboxBaseUrl(trustpilot.server.url)];
  const forgetGoogle = registerSandboxBaseUrl(google.url);
  const forgetFacebook = registerSandboxBaseUrl(facebook.server.url);
  let closed = false;
  const sandboxes: Sandboxes = {
    baseUrls: {
      google: google.url,
      facebook: facebook.server.url,
      yelp: yelp.server.url,
      trustpilot: trustpilot.server.url,
    },
    google,
    facebook: facebook.server,
    yelp: yelp.server,
    trustpilot: trustpilot.server,
    async close() {
      if (closed) return;
      closed = true;
      forgetGoogle();
      forgetFacebook();
      for (const forget of forgetListings) forget();
      running.delete(ctx);
      await Promise.all([google.close(), facebook.server.close()]);
      store.flush();
      facebook.store.flush();
      await Promise.all([yelp.server.close(), trustpilot.server.close()]);
      yelp.store.flush();
      trustpilot.store.flush();
    },
  };
  running.set(ctx, sandboxes);
  return sandboxes;
}
