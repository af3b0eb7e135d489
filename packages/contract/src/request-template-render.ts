/**
 * Review request messages (issue 16; docs/product/reviews.md §3 "Template payload", §4 "Feedback type"):
 * ONE pure renderer used by the template and campaign previews in the client AND by the server when it
 * sends. Nothing here touches the network, the clock or the database.
 *
 * - `templateTag` placeholders are written `{name}` (one brace each side, as response templates are).
 *   Known ones: REQUEST_TEMPLATE_TAGS. Any other `{word}` in subject, header_text or content is refused
 *   by the server (400 with the field; `unknownPlaceholders`).
 * - The feedback placeholder `{feedback}` (aliases `{nps}`, `{stars}`, `{smiley}`, `{thumbs}`,
 *   `{microsurvey}`) is replaced by the CHOSEN feedback type (`feedbackSelectorType`, falling back to nps):
 *   in e-mail a one-tap rating row whose every choice opens the landing page with its score
 *   (`{link}?score=N`; NPS 0-10, stars 1-5, smiley 1-5 faces, thumbs 0 down / 1 up; microsurvey one button);
 *   in SMS the landing page link. Without a feedback placeholder the row (or link) is appended.
 * - SMS always carry the business name (prefixed "Business: " when the text does not name it) and end
 *   with SMS_OPT_OUT_LINE; `smsSegments` counts GSM-7 (160 / 153 per part) or UCS-2 (70 / 67).
 * - E-mail gets a visible unsubscribe line when `links.unsubscribe` is given and the content has no
 *   `{unsubscribe_link}`.
 */
import { feedbackSelectorType, SMS_OPT_OUT_LINE, type TFeedbackSelectorType } from "./requests.ts";

export const REQUEST_TEMPLATE_TAGS = [
  { key: "customer_name", label: "Customer's name", sample: "Jordan Smith" },
  { key: "customer_first_name", label: "Customer's first name", sample: "Jordan" },
  { key: "business_name", label: "Business name", sample: "Bella Pasta" },
  { key: "location_name", label: "Location name", sample: "Dallas Uptown" },
  { key: "review_link", label: "Review page link", sample: "https://example.test/r/sample" },
  { key: "unsubscribe_link", label: "Unsubscribe link", sample: "https://example.test/unsubscribe" },
  { key: "feedback", label: "Feedback (rating row)", sample: "" },
] as const;
export type TRequestTemplateTag = (typeof REQUEST_TEMPLATE_TAGS)[number]["key"];

/** The feedback placeholder and its aliases (reviews.md §4: microsurvey, nps, stars, smiley, thumbs). */
export const FEEDBACK_PLACEHOLDERS = ["feedback", "microsurvey", "nps", "stars", "smiley", "thumbs"] as const;

const KNOWN_TAGS = new Set<string>([...REQUEST_TEMPLATE_TAGS.map((t) => t.key), ...FEEDBACK_PLACEHOLDERS]);
const TAG_PATTERN = /\{([A-Za-z0-9_]+)\}/g;

/** The `{word}` placeholders in a text that are not known tags (empty: the text is fine). */
export function unknownPlaceholders(text: string | null | undefined): string[] {
  if (!text) return [];
  const unknown = new Set<string>();
  for (const m of text.matchAll(TAG_PATTERN)) if (!KNOWN_TAGS.has(m[1] as string)) unknown.add(m[1] as string);
  return [...unknown];
}

/** Limits the server enforces on templates (and campaigns carrying their own copy). docs/api.md "Templates". */
export const REQUEST_TEMPLATE_LIMITS = {
  name: 120,
  subject: 150,
  header_text: 200,
  email_content: 5000,
  sms_content: 480,
  /** The rendered SMS (sample values, business name, link and opt-out line) may take at most this many parts. */
  sms_segments: 6,
} as const;

/** One choice of a rating row: the score sent to the landing page and what the button shows. */
export interface TFeedbackChoice {
  score: number;
  label: string;
  title: string;
}

const FACES = ["😞", "🙁", "😐", "🙂", "😀"];
const FACE_TITLES = ["Very unhappy", "Unhappy", "Neutral", "Happy", "Very happy"];

/** The choices of each feedback type's one-tap row (microsurvey has none: one button opens the survey). */
export function feedbackChoices(type: TFeedbackSelectorType): TFeedbackChoice[] {
  switch (type) {
    case "nps":
      return Array.from({ length: 11 }, (_, i) => ({ score: i, label: String(i), title: `${i} out of 10` }));
    case "stars":
      return [1, 2, 3, 4, 5].map((i) => ({ score: i, label: "★", title: `${i} star${i === 1 ? "" : "s"}` }));
    case "smiley":
      return [1, 2, 3, 4, 5].map((i) => ({
        score: i,
        label: FACES[i - 1] as string,
        title: FACE_TITLES[i - 1] as string,
      }));
    case "thumbs":
      return [
        { score: 0, label: "👎", title: "Thumbs down" },
        { score: 1, label: "👍", title: "Thumbs up" },
      ];
    default:
      return [];
  }
}

/** A score of a feedback type on the 1-5 review scale (NPS 0-10 → 1-5; thumbs 0 → 1, 1 → 5). Null when invalid. */
export function feedbackScoreToRating(type: TFeedbackSelectorType, score: number): number | null {
  if (!Number.isInteger(score)) return null;
  if (type === "nps") return score >= 0 && score <= 10 ? Math.max(1, Math.round(score / 2)) : null;
  if (type === "thumbs") return score === 0 ? 1 : score === 1 ? 5 : null;
  if (type === "stars" || type === "smiley") return score >= 1 && score <= 5 ? score : null;
  return null;
}

/** The question shown above each row. */
export const FEEDBACK_QUESTIONS: Record<TFeedbackSelectorType, string> = {
  nps: "How likely are you to recommend us to a friend? (0-10)",
  stars: "How would you rate your experience?",
  smiley: "How was your experience?",
  thumbs: "Did you enjoy your experience?",
  microsurvey: "Tell us about your experience.",
};

/** `{link}?score=N` (or `&score=N` when the link has a query already). */
export function scoreLink(link: string, score: number): string {
  return `${link}${link.includes("?") ? "&" : "?"}score=${score}`;
}

// --- SMS segments ------------------------------------------------------------------------------------

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENSION = "^{}\\[~]|€\f";
const GSM_BASIC_SET = new Set(GSM7_BASIC);
const GSM_EXT_SET = new Set(GSM7_EXTENSION);

export interface TSmsSegments {
  encoding: "GSM-7" | "UCS-2";
  /** Characters as the network counts them (GSM-7 septets, or UTF-16 code units). */
  length: number;
  segments: number;
  /** What one part holds for this encoding and length (160/153 or 70/67). */
  perSegment: number;
}

/** GSM-7 160 per single message, 153 per part; otherwise UCS-2 70 and 67. */
export function smsSegments(text: string): TSmsSegments {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC_SET.has(ch)) septets += 1;
    else if (GSM_EXT_SET.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const perSegment = septets <= 160 ? 160 : 153;
    return {
      encoding: "GSM-7",
      length: septets,
      segments: septets === 0 ? 0 : Math.ceil(septets / perSegment),
      perSegment,
    };
  }
  const units = text.length;
  const perSegment = units <= 70 ? 70 : 67;
  return { encoding: "UCS-2", length: units, segments: units === 0 ? 0 : Math.ceil(units / perSegment), perSegment };
}

// --- Rendering ---------------------------------------------------------------------------------------

export interface TRenderableTemplate {
  request_type: "email" | "sms";
  subject?: string | null;
  content: string;
  header_text?: string | null;
  header_image?: string | null;
  use_header_image?: boolean | null;
  /** The template's feedback type; `options.feedbackType` (the campaign's selector_type) wins when given. */
  feedback_type?: string | null;
}

export interface TRequestTemplateVars {
  customer_name?: string | null;
  business_name: string;
  location_name?: string | null;
}

export interface TRequestRenderOptions {
  /** The landing page address; with a score, that score's one-tap address (e.g. `scoreLink(url, score)` = `{url}?score=N`). */
  link(score?: number): string;
  /** The visible unsubscribe address (e-mail). */
  unsubscribe?: string | null;
  /** The campaign's feedback_configuration.selector_type; unknown → nps. */
  feedbackType?: unknown;
}

export interface TRenderedRequestMessage {
  channel: "email" | "sms";
  feedbackType: TFeedbackSelectorType;
  /** E-mail subject (null for SMS). */
  subject: string | null;
  /** Plain text: the SMS body, or the e-mail's text part. */
  text: string;
  /** E-mail HTML (null for SMS). */
  html: string | null;
  /** SMS segment count (null for e-mail). */
  sms: TSmsSegments | null;
}

/** Sample values for previews. */
export const REQUEST_TEMPLATE_SAMPLES: TRequestTemplateVars = {
  customer_name: "Jordan Smith",
  business_name: "Bella Pasta",
  location_name: "Dallas Uptown",
};

function escapeHtml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function firstName(name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0] ?? "";
  return first.replace(/[.,]+$/, "") || "there";
}

function tagValues(vars: TRequestTemplateVars, options: TRequestRenderOptions): Record<string, string> {
  return {
    customer_name: vars.customer_name?.trim() || "there",
    customer_first_name: firstName(vars.customer_name),
    business_name: vars.business_name,
    location_name: vars.location_name?.trim() || vars.business_name,
    review_link: options.link(),
    unsubscribe_link: options.unsubscribe ?? "",
  };
}

const isFeedbackTag = (key: string) => (FEEDBACK_PLACEHOLDERS as readonly string[]).includes(key);

/** Replaces known tags in plain text; the feedback placeholders become `feedback` (a marker kept for the caller). */
function fillText(text: string, values: Record<string, string>, feedback: string): string {
  return text.replace(TAG_PATTERN, (whole, key: string) => {
    if (isFeedbackTag(key)) return feedback;
    return key in values ? (values[key] as string) : whole;
  });
}

function hasFeedbackTag(text: string): boolean {
  for (const m of text.matchAll(TAG_PATTERN)) if (isFeedbackTag(m[1] as string)) return true;
  return false;
}

function feedbackRowHtml(type: TFeedbackSelectorType, options: TRequestRenderOptions): string {
  const question = `<p style="margin:16px 0 8px;font-weight:bold">${escapeHtml(FEEDBACK_QUESTIONS[type])}</p>`;
  if (type === "microsurvey") {
    return `${question}<p><a href="${escapeHtml(options.link())}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:4px">Take the survey</a></p>`;
  }
  const cells = feedbackChoices(type)
    .map(
      (c) =>
        `<td style="padding:2px"><a href="${escapeHtml(options.link(c.score))}" title="${escapeHtml(c.title)}" aria-label="${escapeHtml(c.title)}" style="display:inline-block;min-width:28px;padding:8px 6px;border:1px solid #ced4da;border-radius:4px;text-align:center;text-decoration:none;color:#212529;font-size:18px">${escapeHtml(c.label)}</a></td>`,
    )
    .join("");
  const ends =
    type === "nps"
      ? `<tr><td colspan="6" style="font-size:12px;color:#495057">Not likely</td><td colspan="5" style="font-size:12px;color:#495057;text-align:right">Very likely</td></tr>`
      : "";
  return `${question}<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse"><tr>${cells}</tr>${ends}</table>`;
}

function feedbackRowText(type: TFeedbackSelectorType, options: TRequestRenderOptions): string {
  if (type === "microsurvey") return `${FEEDBACK_QUESTIONS[type]}\nTake the survey: ${options.link()}`;
  const lines = feedbackChoices(type).map((c) => `${c.title}: ${options.link(c.score)}`);
  return `${FEEDBACK_QUESTIONS[type]}\n${lines.join("\n")}`;
}

function paragraphsHtml(html: string): string {
  return html
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p !== "")
    .map((p) => (p.startsWith("<!--FEEDBACK-->") ? p : `<p style="margin:0 0 12px">${p.replace(/\n/g, "<br>")}</p>`))
    .join("\n");
}

/**
 * Renders a request message (e-mail or SMS) for one recipient. Pure: the same inputs give the same output,
 * in the browser's preview and in the server's send.
 */
export function renderRequestMessage(
  template: TRenderableTemplate,
  vars: TRequestTemplateVars,
  options: TRequestRenderOptions,
): TRenderedRequestMessage {
  const feedbackType = feedbackSelectorType(options.feedbackType ?? template.feedback_type);
  const values = tagValues(vars, options);

  if (template.request_type === "sms") {
    const link = options.link();
    let body = fillText(template.content, values, link).trim();
    if (!hasFeedbackTag(template.content) && !body.includes(link)) body = `${body}${body ? " " : ""}${link}`;
    if (!body.toLowerCase().includes(vars.business_name.toLowerCase())) body = `${vars.business_name}: ${body}`;
    if (!body.includes(SMS_OPT_OUT_LINE)) body = `${body}\n${SMS_OPT_OUT_LINE}`;
    return { channel: "sms", feedbackType, subject: null, text: body, html: null, sms: smsSegments(body) };
  }

  const subject =
    fillText(template.subject ?? "", values, "")
      .replace(/\s+/g, " ")
      .trim() || `How was your experience with ${vars.business_name}?`;
  const headerText = fillText(template.header_text ?? "", values, "").trim();

  // Text part.
  const textRow = feedbackRowText(feedbackType, options);
  let text = fillText(template.content, values, `\n${textRow}\n`).trim();
  if (!hasFeedbackTag(template.content)) text = `${text}\n\n${textRow}`;
  if (headerText) text = `${headerText}\n\n${text}`;
  const hasUnsubscribeTag = /\{unsubscribe_link\}/.test(template.content);
  if (options.unsubscribe && !hasUnsubscribeTag) text = `${text}\n\nUnsubscribe: ${options.unsubscribe}`;
  text = text.replace(/\n{3,}/g, "\n\n");

  // HTML part: the content is text (escaped); known tags are filled with escaped values, links made clickable.
  const htmlValues: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) htmlValues[k] = escapeHtml(v);
  htmlValues.review_link = `<a href="${escapeHtml(values.review_link as string)}">${escapeHtml(values.review_link as string)}</a>`;
  htmlValues.unsubscribe_link = options.unsubscribe
    ? `<a href="${escapeHtml(options.unsubscribe)}">Unsubscribe</a>`
    : "";
  const rowHtml = feedbackRowHtml(feedbackType, options);
  const escapedContent = escapeHtml(template.content)
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');
  let bodyHtml = paragraphsHtml(fillText(escapedContent, htmlValues, `\n\n<!--FEEDBACK-->${rowHtml}\n\n`));
  if (!hasFeedbackTag(template.content)) bodyHtml = `${bodyHtml}\n<!--FEEDBACK-->${rowHtml}`;
  bodyHtml = bodyHtml.replace(/<!--FEEDBACK-->/g, "");
  const image =
    template.use_header_image && template.header_image
      ? `<img src="${escapeHtml(template.header_image)}" alt="${escapeHtml(vars.business_name)}" style="display:block;max-width:100%;height:auto;margin:0 0 16px">`
      : "";
  const heading = headerText ? `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(headerText)}</h1>` : "";
  const footer =
    options.unsubscribe && !hasUnsubscribeTag
      ? `<p style="margin:24px 0 0;font-size:12px;color:#495057">Don't want these e-mails? <a href="${escapeHtml(options.unsubscribe)}">Unsubscribe</a></p>`
      : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#212529;background:#ffffff"><div style="max-width:600px;margin:0 auto">${image}${heading}${bodyHtml}${footer}</div></body></html>`;

  return { channel: "email", feedbackType, subject, text, html, sms: null };
}
