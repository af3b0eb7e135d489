// Starts local fakes of the review sources, for the e2e server and for demos: today a fake Google
// (My Business API v4: reviews.list, updateReply, deleteReply) on FAKE_GOOGLE_PORT (default 3101),
// on the loopback only. Point the server at it with GOOGLE_API_BASE=http://127.0.0.1:<port>.
//
// It takes the demo's access token (FAKE_GOOGLE_ACCESS_TOKEN, default "demo-google-access-token", the
// demo's source_credentials) and answers for any location under the demo's Google accounts
// (FAKE_GOOGLE_ACCOUNTS, default "accounts/4100,accounts/4200": restaurants, healthcare), with no
// reviews until a test adds some through the control API under /__fake/ (see fakes/fake-http.ts and
// fakes/google.ts): GET /__fake/health, /__fake/requests, /__fake/failures,
// /__fake/accounts/{a}/locations/{l}/reviews.
// Run: npx tsx apps/server/src/cli/fake-sources.ts
import { startFakeGoogle } from "../features/reviews/connectors/fakes/google.ts";

const port = Number(process.env.FAKE_GOOGLE_PORT ?? 3101);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`FAKE_GOOGLE_PORT must be a port number, not ${process.env.FAKE_GOOGLE_PORT}`);
  process.exit(1);
}
const accounts = (process.env.FAKE_GOOGLE_ACCOUNTS ?? "accounts/4100,accounts/4200")
  .split(",")
  .map((a) => a.trim())
  .filter(Boolean);

const google = await startFakeGoogle({
  port,
  accessToken: process.env.FAKE_GOOGLE_ACCESS_TOKEN ?? "demo-google-access-token",
  // The first demo restaurant's Google location; every other one is served through `accounts`.
  locationName: `${accounts[0] ?? "accounts/4100"}/locations/10000`,
  accounts,
});
console.log(`Fake Google (My Business v4) on ${google.url} for ${accounts.join(", ")}`);

let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  await google.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
