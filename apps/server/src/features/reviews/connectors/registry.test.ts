import { afterEach, describe, expect, it } from "vitest";
import { startFakeGoogle } from "../../sandboxes/sources/google.ts";
import { connectorFor } from "./registry.ts";

describe("connector registry", () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  it("has a connector for google, yelp, facebook and trustpilot, and none for other sources", () => {
    expect(connectorFor("google")).toMatchObject({ sourceCode: "google", supportsResponses: true });
    expect(connectorFor("yelp")).toMatchObject({ sourceCode: "yelp", supportsResponses: false });
    expect(connectorFor("facebook")).toMatchObject({ sourceCode: "facebook", supportsResponses: true });
    expect(connectorFor("trustpilot")).toMatchObject({ sourceCode: "trustpilot", supportsResponses: true });
    expect(connectorFor("bing_maps")).toBeUndefined();
  });

  it("takes base URLs from the options, then the environment, then the real hosts", async () => {
    const requested: string[] = [];
    const recordingFetch: typeof fetch = async (input) => {
      requested.push(String(input));
      return new Response(JSON.stringify({ reviews: [], data: [], total: 0, links: [] }), { status: 200 });
    };
    const ref = { externalId: "accounts/1/locations/2", credentials: { accessToken: "t", apiKey: "k" } };
    const env = { GOOGLE_API_BASE: "http://google.env", YELP_API_BASE: "http://yelp.env/" };

    await connectorFor("google", { env, fetch: recordingFetch }).listReviews(ref);
    await connectorFor("google", { env, fetch: recordingFetch, baseUrls: { google: "http://google.opt" } }).listReviews(
      ref,
    );
    await connectorFor("yelp", { env, fetch: recordingFetch }).listReviews({ ...ref, externalId: "biz" });
    await connectorFor("facebook", { env: {}, fetch: recordingFetch }).listReviews({ ...ref, externalId: "42" });
    await connectorFor("facebook", { env: { FACEBOOK_GRAPH_VERSION: "v20.0" }, fetch: recordingFetch }).listReviews({
      ...ref,
      externalId: "42",
    });
    await connectorFor("trustpilot", { env: {}, fetch: recordingFetch }).listReviews({ ...ref, externalId: "bu" });

    expect(requested.map((url) => url.split("?")[0])).toEqual([
      "http://google.env/v4/accounts/1/locations/2/reviews",
      "http://google.opt/v4/accounts/1/locations/2/reviews",
      "http://yelp.env/v3/businesses/biz/reviews",
      "https://graph.facebook.com/v21.0/42/ratings",
      "https://graph.facebook.com/v20.0/42/ratings",
      "https://api.trustpilot.com/v1/business-units/bu/reviews",
    ]);
  });

  it("reads GOOGLE_API_BASE from the process environment by default", async () => {
    const fake = await startFakeGoogle({ locationName: "accounts/1/locations/2" });
    closers.push(fake.close);
    const previous = process.env.GOOGLE_API_BASE;
    process.env.GOOGLE_API_BASE = fake.url;
    try {
      const ref = { externalId: "accounts/1/locations/2", credentials: { accessToken: "google-token" } };
      await expect(connectorFor("google").listReviews(ref)).resolves.toEqual({ reviews: [] });
    } finally {
      if (previous === undefined) delete process.env.GOOGLE_API_BASE;
      else process.env.GOOGLE_API_BASE = previous;
    }
  });
});
