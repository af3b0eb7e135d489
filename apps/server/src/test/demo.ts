import { expect } from "vitest";
import { seedDemoReviews } from "../features/demo/reviews.ts";
import { DEMO_PASSWORD, seedDemoAccounts } from "../features/demo/seed.ts";
import type { DemoAccounts } from "../features/demo/types.ts";
import { Client, type TestApp } from "./harness.ts";

/**
 * The demo on a test app's database (its accounts and a hundredth of its reviews, then whatever `more` seeds on
 * top), and a client signed in as the demo manager. For tests of the demo's sandboxes.
 */
export async function demoManager(
  t: TestApp,
  more?: (demo: DemoAccounts) => Promise<unknown>,
): Promise<{ manager: Client; demo: DemoAccounts }> {
  const demo = await seedDemoAccounts(t.ctx.database);
  await seedDemoReviews(t.ctx.database, demo, () => {}, { scale: 0.01 });
  if (more) await more(demo);
  const client = new Client(t.baseUrl);
  const signIn = await client.post<{ email: string; token: string }>("/api/auth", {
    email: "manager@demo.test",
    password: DEMO_PASSWORD,
  });
  expect(signIn.status).toBe(201);
  return { manager: client.as(signIn.body), demo };
}
