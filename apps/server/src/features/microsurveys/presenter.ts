import type { TMicrosurvey } from "@starboard/contract/microsurveys";
import type { MicrosurveyRow, QuestionRow } from "./queries.ts";

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentSurvey(row: MicrosurveyRow, questions: QuestionRow[], responseCount: number): TMicrosurvey {
  const own = questions.filter((q) => q.microsurvey_id === row.id).sort((a, b) => a.position - b.position);
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    isStarRatingQuestion: own.some((q) => q.kind === "star"),
    normalize_star_rating: Number(row.normalize_star_rating) === 10 ? 10 : 5,
    questions: own.map((q) => ({
      id: q.id,
      position: q.position,
      kind: q.kind,
      text: q.text,
      choices: Array.isArray(q.choices) ? (q.choices as string[]) : [],
      required: q.required,
    })),
    response_count: responseCount,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    _links: {
      self: { href: `/api/microsurveys/${row.id}` },
      summaries: { href: `/request-reviews/microsurveys/${row.id}/summaries` },
    },
  };
}
