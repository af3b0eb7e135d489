import { afterEach, describe, expect, it } from "vitest";
import { listAllReviews } from "../reviews/connectors/connector.ts";
import { connectorFor, registerSandboxBaseUrl } from "../reviews/connectors/registry.ts";
import { type FakeGoogleState, startFakeGoogle } from "./sources/google.ts";
import type { FakeServer } from "./sources/http.ts";

/**
 * A sandbox behaves as a real service does: each call takes its delay, and now and then one fails with a
 * temporary 503 in the source's own shape (the configured share of calls), which a retry gets past. And the
 * connector registry keeps the two worlds apart: only a sandbox account reaches a sandbox.
 */
let google: FakeServer<FakeGoogleState> | undefined;
let forget: (() => void) | undefined;
afterEach(async () => {
  forget?.();
  await google?.close();
});

const LOCATION = "accounts/1/locations/2";
const ref = { externalId: LOCATION, credentials: { accessToken: "t" } };
const review = { reviewId: "r1", starRating: "FIVE" as const, createTime: "2026-01-01T00:00:00Z" };

describe("sandbox behaviour", () => {
  it("fails the configured share of calls with a temporary 503, and takes its delay", async () => {
    // Draws 0.1, 0.9, 0.1, 0.9...: with a failure rate of 0.5 every other call fails.
    let n = 0;
    google = await startFakeGoogle({
      accessToken: "t",
      locationName: LOCATION,
      reviews: [review],
      behaviour: { failureRate: 0.5, delayMs: 50, random: () => (n++ % 2 === 0 ? 0.1 : 0.9) },
    });
    forget = registerSandboxBaseUrl(google.url);
    const connector = connectorFor("google", { sandbox: true, sandboxBaseUrls: { google: google.url } });
    const started = Date.now();
    const first = await listAllReviews(connector, ref).catch((error: unknown) => error);
    expect(first).toMatchObject({ kind: "temporary", status: 503 });
    const second = await listAllReviews(connector, ref);
    expect(second.map((r) => r.sourceReviewId)).toEqual(["r1"]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it("sends a sandbox account only to a sandbox, and any other account never to one", async () => {
    google = await startFakeGoogle({ accessToken: "t", locationName: LOCATION, reviews: [review] });
    forget = registerSandboxBaseUrl(google.url);
    // A real account whose base URL names the sandbox: refused before it leaves the process.
    const real = connectorFor("google", { baseUrls: { google: google.url } });
    await expect(listAllReviews(real, ref)).rejects.toMatchObject({ kind: "temporary" });
    // A sandbox account with no sandbox running: never the real Google (a name that does not resolve).
    const lost = connectorFor("google", { sandbox: true, sandboxBaseUrls: {}, timeoutMs: 2000 });
    await expect(listAllReviews(lost, ref)).rejects.toMatchObject({ kind: "temporary" });
    expect(google.state.requests).toEqual([]);
    // The sandbox account with its sandbox: reached.
    const demo = connectorFor("google", { sandbox: true, sandboxBaseUrls: { google: google.url } });
    expect((await listAllReviews(demo, ref)).map((r) => r.sourceReviewId)).toEqual(["r1"]);
    expect(google.state.requests).toHaveLength(1);
  });
});
