import {
  MICROSURVEY_MESSAGES as M,
  MICROSURVEY_KIND_LABELS,
  scaleStar,
  starScaleOf,
} from "@starboard/contract/microsurveys";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { isUuid } from "../../platform/access.ts";
import { AppError } from "../../platform/errors.ts";
import { type ResponseCsvRow, type ResponseFilter, responseCsvBatch } from "./queries.ts";
import { dayRange, locationIdsOf } from "./range.ts";

/** One CSV column: its header and its cell of a row (the exports feature's Column). */
interface Column<R> {
  header: string;
  cell: (row: R) => string | number | null | undefined;
}

function formatAt(value: Date | string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(value))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const trim2 = (n: number) => String(Math.round(n * 100) / 100);

/**
 * The export resource `microsurvey_responses` (docs/api.md "Microsurveys"): one row per answer of the microsurvey
 * `resource_id`, newest response first, over the date range (`from`/`to`, `published_after`/`published_before`)
 * and `location_id`. Star answers are on the chosen scale: `normalize_star_rating` 10 or true maps 1-5 onto
 * 1-10, 5 or false keeps 1-5; absent, the microsurvey's own scale. Validates now (400 with the field), reads later.
 */
export function microsurveyResponsesExport(
  account: { id: string; time_zone: string },
  filters: Record<string, unknown>,
) {
  const resourceId = filters.resource_id;
  if (resourceId === undefined || resourceId === null || resourceId === "")
    throw AppError.invalid("resource_id", "Choose the microsurvey to export");
  const raw = filters.normalize_star_rating;
  if (raw !== undefined && raw !== null && raw !== "" && !["5", "10", "true", "false"].includes(String(raw)))
    throw AppError.invalid("normalize_star_rating", M.scaleInvalid);
  const f: ResponseFilter = {
    // Not an id: nothing matches (no rows: "There was no export data found").
    surveyId: isUuid(resourceId) ? resourceId : "00000000-0000-0000-0000-000000000000",
    accountId: account.id,
    range: dayRange(filters, account.time_zone),
    locationIds: locationIdsOf(filters.location_id),
  };
  const explicit = raw === undefined || raw === null || raw === "" ? null : starScaleOf(raw);
  const scaleOf = (r: ResponseCsvRow): 5 | 10 => explicit ?? (Number(r.survey_scale) === 10 ? 10 : 5);
  const columns: Column<ResponseCsvRow>[] = [
    { header: "Response ID", cell: (r) => r.response_id },
    { header: "Submitted At", cell: (r) => formatAt(r.created_at, account.time_zone) },
    { header: "Microsurvey", cell: (r) => r.survey },
    { header: "Location", cell: (r) => r.location },
    { header: "Customer", cell: (r) => r.customer },
    { header: "Customer Email", cell: (r) => r.email },
    { header: "Customer Phone", cell: (r) => r.phone },
    { header: "Question Number", cell: (r) => r.position },
    { header: "Question", cell: (r) => r.question },
    { header: "Question Type", cell: (r) => MICROSURVEY_KIND_LABELS[r.kind] ?? r.kind },
    {
      header: "Answer",
      cell: (r) => (r.kind === "star" ? trim2(scaleStar(Number(r.answer), scaleOf(r))) : r.answer),
    },
    {
      header: "Scale",
      cell: (r) => (r.kind === "star" ? (scaleOf(r) === 10 ? "1-10" : "1-5") : r.kind === "nps" ? "0-10" : ""),
    },
  ];
  return {
    rows: {
      read: (db: Kysely<DB>, after: readonly string[] | null, limit: number) => responseCsvBatch(db, f, after, limit),
      keyOf: (r: ResponseCsvRow) => [r.key_at, r.response_id, String(r.position)] as const,
    },
    columns,
  };
}
