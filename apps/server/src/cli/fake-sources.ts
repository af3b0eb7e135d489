// Starts the Google sandbox (features/sandboxes: My Business API v4 reviews.list, updateReply, deleteReply)
// on its own, outside the server, on FAKE_GOOGLE_PORT (default 3101), on the loopback only: for trying a
// connector by hand against a local Google (point a server at it with GOOGLE_API_BASE=http://127.0.0.1:<port>;
// only a non-demo account goes there, since the demo's accounts use the server's own sandboxes). The e2e suite
// does not need it: the server started by playwright.config.ts runs its sandboxes itself (SANDBOX_GOOGLE_PORT).
//
// It takes FAKE_GOOGLE_ACCESS_TOKEN (default "demo-google-access-token") and answers for any location under
// FAKE_GOOGLE_ACCOUNTS (default "accounts/4100,accounts/4200"), with no reviews until some are added through the
// control API under /__fake/ (features/sandboxes/sources/http.ts and google.ts): GET /__fake/health,
// /__fake/requests, /__fake/failures, /__fake/accounts/{a}/locations/{l}/reviews.
// Run: npx tsx apps/server/src/cli/fake-sources.ts
import { startFakeGoogle } from "../features/sandboxes/sources/google.ts";

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
console.log(`Google sandbox (My Business v4) on ${google.url} for ${accounts.join(", ")}`);

let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  await google.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
