import { fillTemplate, firstNameOf, templateFits } from "@starboard/contract/response-templates";
import { reviewCategoryLabel } from "@starboard/contract/review-filter";
import type { TSuggestedReply } from "@starboard/contract/reviews";
import type { Actor } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { analyzeText, type Mention } from "../analysis/index.ts";
import { findReachableReview } from "../reviews/index.ts";

// The suggested reply (issue 11, "Reply help"): a draft written here, from the review's own mentions
// (keywords, experience categories and their polarity from the analysis engine), its rating and its
// location, on the first template offered for its rating and source. No outside service; the respond box
// shows it for a person to edit and send.

/** "a", "a and b", "a, b and c". */
function listOf(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** What a mention is called in a sentence: its keyword, or its category's label. */
const named = (m: Mention) =>
  m.keyword ? m.keyword.toLowerCase() : reviewCategoryLabel(m.category ?? "").toLowerCase();

/** The draft's sentences about what the reviewer mentioned: praise thanked, complaints owned. */
export function mentionSentences(mentions: Mention[], rating: number | null): string[] {
  const unique = (list: Mention[]) => [...new Map(list.map((m) => [named(m), m])).values()].slice(0, 3);
  const liked = unique(mentions.filter((m) => m.sentiment === "positive"));
  const disliked = unique(mentions.filter((m) => m.sentiment === "negative"));
  const out: string[] = [];
  if (liked.length) out.push(`We're glad you enjoyed the ${listOf(liked.map(named))}.`);
  if (disliked.length) {
    const categories = [...new Set(disliked.map((m) => m.category).filter((c): c is string => Boolean(c)))];
    const about = listOf(categories.map((c) => reviewCategoryLabel(c).toLowerCase()));
    out.push(
      categories.length
        ? `We're sorry the ${listOf(disliked.map(named))} fell short, and we have shared your comments about ${about} with the team.`
        : `We're sorry the ${listOf(disliked.map(named))} fell short of what you expected.`,
    );
  }
  if (!out.length && rating !== null && rating <= 2)
    out.push("We're sorry your visit fell short of what you expected.");
  return out;
}

/** The draft without a template: greeting, thanks by rating, the mention sentences, a closing by rating. */
export function draftReply(review: {
  author_name: string | null;
  location_name: string;
  rating: number | null;
  mentions: Mention[];
}): string {
  const name = firstNameOf(review.author_name);
  const rating = review.rating;
  const thanks =
    rating === null || rating === 0
      ? `Thank you for your review of ${review.location_name}.`
      : rating >= 4
        ? `Thank you for your ${rating}-star review of ${review.location_name}!`
        : rating === 3
          ? `Thank you for sharing your feedback about ${review.location_name}.`
          : `Thank you for telling us about your visit to ${review.location_name}.`;
  const closing =
    rating !== null && rating > 0 && rating <= 3
      ? "Please get in touch with us directly so we can make this right."
      : "We look forward to welcoming you back soon.";
  return [`Hi ${name},`, "", [thanks, ...mentionSentences(review.mentions, rating)].join(" "), "", closing].join("\n");
}

/** GET /api/reviews/{id}/suggested_reply. */
export async function suggestedReply(ctx: AppContext, actor: Actor, id: string): Promise<TSuggestedReply> {
  const review = await findReachableReview(ctx, actor, id, "respond");
  const db = ctx.database.db;
  const stored = await db
    .selectFrom("review_mentions")
    .select(["keyword", "category", "sentiment"])
    .where("review_id", "=", review.id)
    .orderBy("id")
    .execute();
  let mentions: Mention[] = stored.map((m) => ({
    keyword: m.keyword,
    category: m.category,
    sentiment: m.sentiment as Mention["sentiment"],
  }));
  if (mentions.length === 0 && review.content?.trim()) {
    const account = await db
      .selectFrom("accounts")
      .select("vertical")
      .where("id", "=", review.account_id)
      .executeTakeFirst();
    mentions = analyzeText(review.content, account?.vertical ?? "restaurant").mentions;
  }
  const templates = await db
    .selectFrom("response_templates")
    .selectAll()
    .where("account_id", "=", review.account_id)
    .orderBy("name")
    .orderBy("id")
    .execute();
  const template = templates.find((t) => templateFits({ ...t, source_ids: t.source_ids ?? [] }, review));
  let content: string;
  if (template) {
    const base = fillTemplate(template.content, {
      reviewer_first_name: firstNameOf(review.author_name),
      reviewer_name: review.author_name?.trim() || "there",
      location_name: review.location_name,
      rating: review.rating ? String(review.rating) : "",
      source_name: review.source_name,
    });
    const extra = mentionSentences(mentions, review.rating);
    content = extra.length ? `${base.trimEnd()}\n\n${extra.join(" ")}` : base;
  } else {
    content = draftReply({ ...review, mentions });
  }
  return {
    review_id: review.id,
    content,
    template_id: template?.id ?? null,
    template_name: template?.name ?? null,
    mentions: mentions.map((m) => ({ keyword: m.keyword, category: m.category, sentiment: m.sentiment })),
  };
}
