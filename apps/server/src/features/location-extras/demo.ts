import { USER_TYPE_IDS } from "@starboard/contract/permissions";
import type { Database } from "../../db/database.ts";
import { DEFAULT_ACCOUNT_SETTINGS } from "../accounts/index.ts";

/** What the demo extension needs of the demo: its accounts and locations. */
interface DemoLocations {
  accounts: Record<"agency" | "restaurant" | "healthcare", string>;
  locations: Record<"restaurant" | "healthcare", { id: string; name: string; city: string }[]>;
}

/** The demo's trial account at its location limit (3), and its admin. */
export const DEMO_TRIAL_USER_EMAIL = "trial@demo.test";

/** The next occurrence (today or later) of month-day, YYYY-MM-DD. */
function next(monthDay: string, today = new Date()) {
  const year = today.getUTCFullYear();
  const thisYear = `${year}-${monthDay}`;
  return thisYear >= today.toISOString().slice(0, 10) ? thisYear : `${year + 1}-${monthDay}`;
}

/** The next Thanksgiving (the fourth Thursday of November), YYYY-MM-DD. */
function nextThanksgiving(today = new Date()) {
  for (const year of [today.getUTCFullYear(), today.getUTCFullYear() + 1]) {
    const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
    const day = 1 + ((4 - first + 7) % 7) + 21;
    const date = `${year}-11-${String(day).padStart(2, "0")}`;
    if (date >= today.toISOString().slice(0, 10)) return date;
  }
  return `${today.getUTCFullYear() + 1}-11-28`;
}

/**
 * The location details of the demo (docs/product/locations.md): holiday hours at every location, NPI numbers at the
 * healthcare group's locations (numbers its NPPES sandbox knows, features/npi/sandbox.ts), directory-specific
 * overrides at a few restaurants, and a trial account at its location limit (trial@demo.test, the demo password).
 */
export async function seedLocationDetailsDemo(database: Database, demo: DemoLocations, log: (m: string) => void) {
  const db = database.db;
  await db.transaction().execute(async (trx) => {
    const holidays = {
      restaurant: [
        { date: next("07-04"), closed: true, hours: [] },
        { date: nextThanksgiving(), closed: false, hours: [{ open_time: "11:00", close_time: "15:00" }] },
        { date: next("12-24"), closed: false, hours: [{ open_time: "11:00", close_time: "16:00" }] },
        { date: next("12-25"), closed: true, hours: [] },
        { date: next("12-31"), closed: false, hours: [{ open_time: "11:00", close_time: "23:30" }] },
        { date: next("01-01"), closed: true, hours: [] },
      ],
      healthcare: [
        { date: next("07-04"), closed: true, hours: [] },
        { date: next("12-24"), closed: false, hours: [{ open_time: "08:00", close_time: "12:00" }] },
        { date: next("12-25"), closed: true, hours: [] },
        { date: next("01-01"), closed: true, hours: [] },
      ],
    };
    for (const key of ["restaurant", "healthcare"] as const) {
      const rows = demo.locations[key].flatMap((loc) =>
        holidays[key].map((h) => ({
          account_id: demo.accounts[key],
          location_id: loc.id,
          start_date: h.date,
          closed: h.closed,
          hours: JSON.stringify(h.hours),
        })),
      );
      if (rows.length)
        await trx
          .insertInto("special_hours")
          .values(rows)
          .onConflict((oc) => oc.doNothing())
          .execute();
    }

    // NPI numbers: the group's organisation number everywhere, and a dentist's own number in Denver and Austin.
    const dentists: Record<string, string> = { Denver: "1987654328", Austin: "1456789019" };
    for (const loc of demo.locations.healthcare) {
      const own = dentists[loc.city];
      await trx
        .updateTable("locations")
        .set({ npi_numbers: own ? ["1122334455", own] : ["1122334455"], category_id: "gcid:dentist" })
        .where("id", "=", loc.id)
        .execute();
    }
    await trx
      .updateTable("locations")
      .set({ category_id: "gcid:american_restaurant", category_name: "American restaurant" })
      .where("account_id", "=", demo.accounts.restaurant)
      .execute();

    // Directory-specific overrides: the first three restaurants answer a different phone on Yelp and Facebook.
    const sources = await trx
      .selectFrom("sources")
      .select(["id", "code"])
      .where("code", "in", ["yelp", "facebook"])
      .execute();
    const overrides = demo.locations.restaurant.slice(0, 3).flatMap((loc, i) =>
      sources.map((s) => ({
        account_id: demo.accounts.restaurant,
        location_id: loc.id,
        source_id: s.id,
        phone: `(512) 555-01${String(10 + i).padStart(2, "0")}`,
        website: s.code === "yelp" ? `https://copperkettle.example/yelp/${i + 1}` : null,
        enabled: !(s.code === "facebook" && i === 2),
      })),
    );
    if (overrides.length) await trx.insertInto("location_source_overrides").values(overrides).execute();

    // A trial account at its location limit, with an admin who signs in with the demo password.
    const owner = await trx
      .selectFrom("users")
      .select("password_hash")
      .where("email", "=", "owner@demo.test")
      .executeTakeFirst();
    const now = new Date();
    const trial = await trx
      .insertInto("accounts")
      .values({
        name: "Harbor Bistro (trial)",
        vertical: "restaurant",
        status: "trial",
        trial_started_at: new Date(now.getTime() - 5 * 86_400_000),
        trial_ended_at: new Date(now.getTime() + 9 * 86_400_000),
        time_zone: "America/Chicago",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("account_settings")
      .values(
        Object.entries({ ...DEFAULT_ACCOUNT_SETTINGS, trial_location_limit: "3" }).map(([code, value]) => ({
          account_id: trial.id,
          code,
          value,
        })),
      )
      .execute();
    await trx
      .insertInto("users")
      .values({
        account_id: trial.id,
        email: DEMO_TRIAL_USER_EMAIL,
        name: "Theo Trial",
        password_hash: owner?.password_hash ?? null,
        user_type_id: USER_TYPE_IDS.admin,
      })
      .execute();
    const us = await trx.selectFrom("countries").select(["id", "name"]).where("code", "=", "US").executeTakeFirst();
    const tx = us
      ? await trx.selectFrom("states").select("id").where("code", "=", "US-TX").executeTakeFirst()
      : undefined;
    const harbor = ["Harbor Bistro Galveston", "Harbor Bistro Corpus Christi", "Harbor Bistro Port Aransas"];
    await trx
      .insertInto("locations")
      .values(
        harbor.map((name, i) => ({
          account_id: trial.id,
          name,
          public_name: name,
          address: `${200 + i * 15} Seawall Blvd`,
          city: name.replace("Harbor Bistro ", ""),
          state: "TX",
          state_id: tx?.id ?? null,
          country: us?.name ?? "United States",
          country_id: us?.id ?? null,
          zipcode: ["77550", "78401", "78373"][i]!,
          category_id: "gcid:seafood_restaurant",
          category_name: "Seafood restaurant",
          is_headquarters: i === 0,
        })),
      )
      .execute();
  });
  log("demo location details: holiday hours, NPI numbers, directory overrides, a trial account");
}
