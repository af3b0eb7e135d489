import { USER_TYPE_IDS } from "@starboard/contract/permissions";
import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { hashPassword } from "../../platform/auth.ts";
import { DEFAULT_ACCOUNT_SETTINGS } from "../accounts/index.ts";
import { seedLocationDetailsDemo } from "../location-extras/index.ts";
import { markSandboxAccounts } from "../sandboxes/index.ts";
import { seedAskToolDemo } from "./ask-tool.ts";
import { createRandom } from "./review-text.ts";
import { seedDemoReviews } from "./reviews.ts";
import { seedDemoTrustpilot } from "./trustpilot.ts";
import type { DemoAccounts, DemoKey } from "./types.ts";

export const DEMO_PASSWORD = "demo-password";
export const DEMO_USERS = [
  { email: "owner@demo.test", name: "Olivia Owner", account: "restaurant", type: "admin", owner: true },
  { email: "manager@demo.test", name: "Marcus Manager", account: "restaurant", type: "manager", owner: false },
  { email: "viewer@demo.test", name: "Vera Viewer", account: "restaurant", type: "read_only", owner: false },
  { email: "clinic@demo.test", name: "Dr. Claire Clinic", account: "healthcare", type: "admin", owner: true },
  { email: "agency@demo.test", name: "Avery Agency", account: "agency", type: "admin", owner: true },
] as const;

/** Cities the demo's locations sit in: name, state, zip prefix, time zone, coordinates. */
const CITIES = [
  ["Austin", "TX", "787", "America/Chicago", 30.27, -97.74],
  ["Dallas", "TX", "752", "America/Chicago", 32.78, -96.8],
  ["Houston", "TX", "770", "America/Chicago", 29.76, -95.37],
  ["San Antonio", "TX", "782", "America/Chicago", 29.42, -98.49],
  ["Denver", "CO", "802", "America/Denver", 39.74, -104.99],
  ["Boulder", "CO", "803", "America/Denver", 40.01, -105.27],
  ["Phoenix", "AZ", "850", "America/Phoenix", 33.45, -112.07],
  ["Tucson", "AZ", "857", "America/Phoenix", 32.22, -110.97],
  ["Seattle", "WA", "981", "America/Los_Angeles", 47.61, -122.33],
  ["Portland", "OR", "972", "America/Los_Angeles", 45.52, -122.68],
  ["San Diego", "CA", "921", "America/Los_Angeles", 32.72, -117.16],
  ["Sacramento", "CA", "958", "America/Los_Angeles", 38.58, -121.49],
  ["Chicago", "IL", "606", "America/Chicago", 41.88, -87.63],
  ["Nashville", "TN", "372", "America/Chicago", 36.16, -86.78],
  ["Atlanta", "GA", "303", "America/New_York", 33.75, -84.39],
  ["Charlotte", "NC", "282", "America/New_York", 35.23, -80.84],
  ["Raleigh", "NC", "276", "America/New_York", 35.78, -78.64],
  ["Tampa", "FL", "336", "America/New_York", 27.95, -82.46],
  ["Orlando", "FL", "328", "America/New_York", 28.54, -81.38],
  ["Boston", "MA", "021", "America/New_York", 42.36, -71.06],
] as const;
const STREETS = [
  "Main St",
  "Oak Ave",
  "Maple Dr",
  "Congress Ave",
  "Elm St",
  "Lake Blvd",
  "Market St",
  "Park Ave",
  "Cedar Ln",
  "Broadway",
  "Pine St",
  "River Rd",
];

export async function isDatabaseEmpty(database: Database) {
  const row = await database.db.selectFrom("accounts").select(sql<number>`count(*)`.as("n")).executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/** Whether this database holds the demo (its owner's sign-in exists). */
export async function hasDemo(database: Database) {
  const row = await database.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", DEMO_USERS[0]!.email)
    .executeTakeFirst();
  return row !== undefined;
}

/** Creates the demo's accounts, users, groups and locations. Deterministic. */
export async function seedDemoAccounts(database: Database): Promise<DemoAccounts> {
  const db = database.db;
  const random = createRandom(20261123);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    const agency = await trx
      .insertInto("accounts")
      .values({
        name: "Harborlight Marketing Agency",
        vertical: "agency",
        segment: "partner",
        time_zone: "America/New_York",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const restaurant = await trx
      .insertInto("accounts")
      .values({
        name: "Copper Kettle Kitchens",
        vertical: "restaurant",
        segment: "enterprise",
        parent_id: agency.id,
        time_zone: "America/Chicago",
        customer_success_manager_id: "csm-1",
        customer_success_manager_name: "Jordan Lee",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const healthcare = await trx
      .insertInto("accounts")
      .values({
        name: "Evergreen Family Dental & Health",
        vertical: "healthcare",
        segment: "mid-market",
        parent_id: agency.id,
        time_zone: "America/New_York",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const accounts: Record<DemoKey, string> = {
      agency: agency.id,
      restaurant: restaurant.id,
      healthcare: healthcare.id,
    };
    // The demo's sources are the built-in sandboxes (features/sandboxes), never the real services.
    await markSandboxAccounts(trx, Object.values(accounts));

    for (const id of Object.values(accounts)) {
      await trx
        .insertInto("account_settings")
        .values(Object.entries(DEFAULT_ACCOUNT_SETTINGS).map(([code, value]) => ({ account_id: id, code, value })))
        .execute();
    }
    await trx
      .updateTable("account_settings")
      .set({ value: "true" })
      .where("account_id", "=", agency.id)
      .where("code", "in", ["child_reviews", "partner_account_reports", "scorecards"])
      .execute();

    for (const u of DEMO_USERS) {
      await trx
        .insertInto("users")
        .values({
          account_id: accounts[u.account],
          email: u.email,
          name: u.name,
          password_hash: passwordHash,
          user_type_id: USER_TYPE_IDS[u.type],
          is_account_owner: u.owner,
          confirmed_at: new Date(),
        })
        .execute();
    }
    const extraUsers = [
      ["Priya Shah", "priya.shah@demo.test", "restaurant", "user"],
      ["Tom Becker", "tom.becker@demo.test", "restaurant", "limited_user"],
      ["Grace Kim", "grace.kim@demo.test", "restaurant", "email_only"],
      ["Nora Diaz", "nora.diaz@demo.test", "healthcare", "manager"],
      ["Sam Ortiz", "sam.ortiz@demo.test", "healthcare", "user"],
    ] as const;
    for (const [name, email, account, type] of extraUsers) {
      await trx
        .insertInto("users")
        .values({
          account_id: accounts[account],
          email,
          name,
          password_hash: passwordHash,
          user_type_id: USER_TYPE_IDS[type],
        })
        .execute();
    }

    const us = await trx.selectFrom("countries").select("id").where("code", "=", "US").executeTakeFirst();
    const locations: DemoAccounts["locations"] = { restaurant: [], healthcare: [] };
    const plan = [
      {
        key: "restaurant" as const,
        count: 36,
        brand: "Copper Kettle",
        category: "American Restaurant",
        regions: ["Texas", "Mountain West", "Pacific Northwest", "California", "Southeast", "Midwest & Northeast"],
      },
      {
        key: "healthcare" as const,
        count: 24,
        brand: "Evergreen Dental",
        category: "Dentist",
        regions: ["Texas", "Colorado & Arizona", "West Coast", "East Coast"],
      },
    ];
    for (const p of plan) {
      const groups = new Map<string, string>();
      for (const region of p.regions) {
        const g = await trx
          .insertInto("groups")
          .values({ account_id: accounts[p.key], name: region })
          .returning("id")
          .executeTakeFirstOrThrow();
        groups.set(region, g.id);
      }
      const cityPool = p.key === "restaurant" ? CITIES : CITIES.filter((_, i) => i % 2 === 0 || i > 13);
      for (let i = 0; i < p.count; i++) {
        const [city, state, zip, tz, lat, lng] = cityPool[i % cityPool.length]!;
        const nth = Math.floor(i / cityPool.length);
        const suffix = nth === 0 ? "" : nth === 1 ? " North" : " South";
        const name = `${p.brand} ${city}${suffix}`;
        const street = `${100 + random.int(1, 98) * 10} ${STREETS[random.int(0, STREETS.length - 1)]}`;
        const state_row = us
          ? await trx.selectFrom("states").select("id").where("code", "=", `US-${state}`).executeTakeFirst()
          : undefined;
        const loc = await trx
          .insertInto("locations")
          .values({
            account_id: accounts[p.key],
            name,
            public_name:
              p.key === "restaurant"
                ? `Copper Kettle Kitchen – ${city}${suffix}`
                : `Evergreen Family Dental ${city}${suffix}`,
            address: street,
            city,
            state,
            state_id: state_row?.id ?? null,
            country: "United States",
            country_id: us?.id ?? null,
            zipcode: `${zip}${String(random.int(0, 99)).padStart(2, "0")}`,
            phone: `(${random.int(200, 989)}) 555-${String(random.int(100, 9999)).padStart(4, "0")}`,
            website: p.key === "restaurant" ? "https://copperkettle.example" : "https://evergreendental.example",
            external_id: `${p.key === "restaurant" ? "CK" : "EV"}-${String(i + 1).padStart(3, "0")}`,
            category_name: p.category,
            is_headquarters: i === 0,
            open_status: i === p.count - 1 ? "temporarily_inactive" : "active",
            time_zone: tz,
            latitude: lat + random.next() * 0.1,
            longitude: lng + random.next() * 0.1,
            hours: JSON.stringify(defaultHours(p.key)),
          })
          .returning(["id", "name"])
          .executeTakeFirstOrThrow();
        locations[p.key].push({ id: loc.id, name: loc.name, city });
        const region = regionOf(p.regions, state);
        await trx
          .insertInto("group_locations")
          .values({ group_id: groups.get(region)!, location_id: loc.id })
          .execute();
      }
    }
    return { accounts, locations };
  });
}

function regionOf(regions: string[], state: string) {
  const table: Record<string, string[]> = {
    Texas: ["TX"],
    "Mountain West": ["CO", "AZ"],
    "Colorado & Arizona": ["CO", "AZ"],
    "Pacific Northwest": ["WA", "OR"],
    California: ["CA"],
    "West Coast": ["WA", "OR", "CA"],
    Southeast: ["GA", "NC", "FL", "TN"],
    "Midwest & Northeast": ["IL", "MA"],
    "East Coast": ["GA", "NC", "FL", "TN", "IL", "MA"],
  };
  return regions.find((r) => table[r]?.includes(state)) ?? regions[regions.length - 1]!;
}

function defaultHours(kind: "restaurant" | "healthcare") {
  const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
  return Object.fromEntries(
    days.map((d) => {
      if (kind === "healthcare") {
        const open = d !== "sunday";
        return [
          d,
          {
            open,
            is_24_hours: false,
            hours: open ? [{ open_time: "08:00", close_time: d === "saturday" ? "13:00" : "17:00" }] : [],
          },
        ];
      }
      return [
        d,
        {
          open: true,
          is_24_hours: false,
          hours: [{ open_time: "11:00", close_time: d === "friday" || d === "saturday" ? "23:00" : "22:00" }],
        },
      ];
    }),
  );
}

/** Extra demo content (reviews, listings...) registered by later features. */
export type DemoExtension = (database: Database, demo: DemoAccounts, log: (m: string) => void) => Promise<void>;
export const demoExtensions: DemoExtension[] = [
  seedDemoReviews,
  seedDemoTrustpilot,
  seedLocationDetailsDemo,
  seedAskToolDemo,
];

export async function seedDemo(database: Database, opts: { log?: (m: string) => void } = {}) {
  const log = opts.log ?? (() => {});
  const demo = await seedDemoAccounts(database);
  for (const extend of demoExtensions) await extend(database, demo, log);
  // The demo arrives in bulk, roll-ups included: the planner gets its statistics now. The embedded database has
  // no autovacuum daemon to gather them (a PostgreSQL server's would, later), and without them every roll-up
  // table is taken for a handful of rows (the account's overview: a sort where a hash is twice as fast).
  await sql`ANALYZE`.execute(database.db);
  log("demo ready");
  return demo;
}
