// The e-mails alerts send: one review (instant) or a digest of several. Plain text and HTML.

export interface AlertReview {
  id: string;
  rating: number | null;
  title: string | null;
  content: string | null;
  author_name: string | null;
  published_at: Date;
  first_seen_at: Date;
  location_name: string;
  source_name: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const stars = (rating: number | null) => (rating ? `${"★".repeat(rating)}${"☆".repeat(5 - rating)}` : "No rating");
const dateOf = (d: Date) => d.toISOString().slice(0, 10);
const excerpt = (s: string | null, n = 600) => {
  const text = (s ?? "").trim();
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
};

function reviewText(r: AlertReview, publicUrl: string) {
  const lines = [
    `${stars(r.rating)}  ${r.location_name} on ${r.source_name}`,
    `${r.author_name ?? "A reviewer"}, published ${dateOf(r.published_at)}`,
  ];
  if (r.title) lines.push(r.title);
  if (r.content) lines.push(excerpt(r.content));
  lines.push(`${publicUrl}/reviews/${r.id}`);
  return lines.join("\n");
}

function reviewHtml(r: AlertReview, publicUrl: string) {
  return `<div style="margin:0 0 20px;padding:12px;border:1px solid #ddd;border-radius:6px">
<div style="color:#b8860b;font-size:18px">${escapeHtml(stars(r.rating))}</div>
<div><strong>${escapeHtml(r.location_name)}</strong> on ${escapeHtml(r.source_name)}</div>
<div style="color:#555">${escapeHtml(r.author_name ?? "A reviewer")}, published ${dateOf(r.published_at)}</div>
${r.title ? `<p><strong>${escapeHtml(r.title)}</strong></p>` : ""}${r.content ? `<p>${escapeHtml(excerpt(r.content))}</p>` : ""}
<a href="${escapeHtml(`${publicUrl}/reviews/${r.id}`)}">View and respond</a></div>`;
}

function footer(unsubscribeUrl: string) {
  return {
    text: `\n--\nYou get this e-mail because of an alert you set up in Starboard.\nUnsubscribe from this alert: ${unsubscribeUrl}\n`,
    html: `<p style="color:#777;font-size:12px">You get this e-mail because of an alert you set up in Starboard.
<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from this alert</a>.</p>`,
  };
}

export function renderInstant(
  review: AlertReview,
  opts: { publicUrl: string; unsubscribeUrl: string; negative: boolean },
) {
  const what = opts.negative ? "New negative review" : "New review";
  const subject = `${what}${review.rating ? ` (${review.rating}★)` : ""} for ${review.location_name} on ${review.source_name}`;
  const f = footer(opts.unsubscribeUrl);
  return {
    subject,
    text: `${subject}\n\n${reviewText(review, opts.publicUrl)}\n${f.text}`,
    html: `<h2>${escapeHtml(subject)}</h2>${reviewHtml(review, opts.publicUrl)}${f.html}`,
  } satisfies RenderedEmail;
}

export function renderDigest(
  reviews: AlertReview[],
  opts: {
    publicUrl: string;
    unsubscribeUrl: string;
    total: number;
    period: "daily" | "weekly";
    failedResponses?: number;
  },
): RenderedEmail {
  const label = opts.period === "daily" ? "Daily" : "Weekly";
  const subject =
    opts.total > 0
      ? `${label} review digest: ${opts.total} new review${opts.total === 1 ? "" : "s"}`
      : `${label} digest: ${opts.failedResponses ?? 0} response${opts.failedResponses === 1 ? "" : "s"} failed to publish`;
  const more = opts.total - reviews.length;
  const failed =
    opts.failedResponses && opts.failedResponses > 0
      ? `${opts.failedResponses} response${opts.failedResponses === 1 ? "" : "s"} failed to publish. ${opts.publicUrl}/reviews`
      : "";
  const f = footer(opts.unsubscribeUrl);
  const text = [
    subject,
    "",
    ...reviews.map((r) => `${reviewText(r, opts.publicUrl)}\n`),
    more > 0 ? `…and ${more} more: ${opts.publicUrl}/reviews` : "",
    failed,
    f.text,
  ].join("\n");
  const html = `<h2>${escapeHtml(subject)}</h2>${reviews.map((r) => reviewHtml(r, opts.publicUrl)).join("")}${
    more > 0 ? `<p><a href="${escapeHtml(`${opts.publicUrl}/reviews`)}">…and ${more} more</a></p>` : ""
  }${failed ? `<p>${escapeHtml(failed)}</p>` : ""}${f.html}`;
  return { subject, text, html };
}
