import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { seedSources } from "../sources/index.ts";
import { COUNTRIES, STATES } from "./dataset.ts";

/** Loads reference data: the review source catalogue, and ISO 3166 countries and states once. */
export async function seedReferenceData(database: Database) {
  const db = database.db;
  await seedSources(database);
  const existing = await db.selectFrom("countries").select(sql<number>`count(*)`.as("n")).executeTakeFirst();
  if (Number(existing?.n ?? 0) > 0) return;
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("countries")
      .values(COUNTRIES.map((c) => ({ code: c.code, code3: c.code3, name: c.name })))
      .returning(["id", "code"])
      .execute();
    const idByCode = new Map(inserted.map((c) => [c.code, c.id]));
    const rows = STATES.flatMap((s) => {
      const country_id = idByCode.get(s.country_code);
      return country_id ? [{ country_id, code: s.code, short_code: s.short_code, name: s.name }] : [];
    });
    for (let i = 0; i < rows.length; i += 1000)
      await trx
        .insertInto("states")
        .values(rows.slice(i, i + 1000))
        .execute();
  });
}
