import { createHash } from "node:crypto";
import { LANDING_SCALES, type TLandingScaleKind } from "@starboard/contract/landing-pages";
import type { MicrosurveyQuestion } from "./queries.ts";

// The landing pages' HTML: server-rendered, no framework, one small stylesheet and (on the kiosk) one
// small script, both inline and allowed by their SHA-256 in the pages' own Content-Security-Policy.
// Forms are plain POSTs; the script only resets the kiosk and offers full screen.

export const esc = (s: string | number | null | undefined) =>
  String(s ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

const CSS = `*{box-sizing:border-box}html{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2330;background:#f4f5f8}body{margin:0}main{max-width:46rem;margin:0 auto;padding:1.25rem}header{text-align:center;margin-bottom:1rem}header img{max-height:64px;max-width:220px}h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.15rem;margin:0 0 .5rem}.cols{display:grid;gap:1rem}@media(min-width:44rem){.cols{grid-template-columns:1fr 1fr}}section{background:#fff;border:1px solid #d5d8e0;border-radius:12px;padding:1rem}fieldset{border:0;margin:0 0 1rem;padding:0}legend{font-weight:600;margin-bottom:.5rem}.opts{display:flex;flex-wrap:wrap;gap:.35rem}.opts input{position:absolute;opacity:0;width:1px;height:1px}.opts label{display:inline-flex;align-items:center;justify-content:center;min-width:2.75rem;min-height:2.75rem;padding:0 .6rem;border:2px solid #8d93a3;border-radius:8px;background:#fff;cursor:pointer;font-size:1.1rem}.opts input:checked+label{background:#3b2fc9;border-color:#3b2fc9;color:#fff}.opts input:focus-visible+label,a:focus-visible,button:focus-visible,textarea:focus-visible,input:focus-visible{outline:3px solid #d0460b;outline-offset:2px}.big label{font-size:1.6rem;min-width:3.5rem;min-height:3.5rem}.ends{display:flex;justify-content:space-between;font-size:.85rem;color:#4a5160}label.f{display:block;font-weight:600;margin:.5rem 0 .25rem}textarea,input[type=text]{width:100%;font:inherit;padding:.5rem;border:1px solid #8d93a3;border-radius:8px}textarea{min-height:6rem}button,.btn{display:inline-block;margin-top:.75rem;padding:.7rem 1.2rem;border:0;border-radius:8px;background:#3b2fc9;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}.sites ul{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}.sites a.site{display:block;padding:.75rem 1rem;border:2px solid #3b2fc9;border-radius:8px;color:#2a2196;font-weight:600;text-decoration:none;text-align:center}.err{color:#a3160f;font-weight:600}.note{color:#4a5160;font-size:.9rem}footer{margin-top:1rem;text-align:center;font-size:.9rem;color:#4a5160}footer a{color:#2a2196}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}.kiosk main{max-width:none;min-height:100vh;display:flex;flex-direction:column;justify-content:center}.kiosk .qr{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:1rem;list-style:none;margin:0;padding:0}.kiosk figure{margin:0;text-align:center}.kiosk figure svg{width:100%;max-width:10rem;height:auto}#fs{position:fixed;top:.5rem;right:.5rem;margin:0}`;

const KIOSK_JS = `(function(){var b=document.body,h=b.getAttribute("data-home"),n=1e3*Number(b.getAttribute("data-idle")),t;function r(){var f=document.querySelector("form");f&&f.reset();location.replace(h)}function a(){clearTimeout(t);t=setTimeout(r,n)}["pointerdown","keydown","input","touchstart","scroll"].forEach(function(e){document.addEventListener(e,a,{passive:!0})});a();var s=document.getElementById("fs");if(s&&document.fullscreenEnabled&&!document.fullscreenElement){s.hidden=!1;s.addEventListener("click",function(){document.documentElement.requestFullscreen().then(function(){s.hidden=!0},function(){})})}})();`;

const sha256 = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;
const CSS_HASH = sha256(CSS);
const JS_HASH = sha256(KIOSK_JS);

/** The pages' policy: nothing but their own inline style (and the kiosk's script), images, and posts to this origin. */
export function pageCsp(withScript: boolean) {
  return [
    "default-src 'none'",
    `style-src ${CSS_HASH}`,
    `script-src ${withScript ? JS_HASH : "'none'"}`,
    "img-src 'self' https: data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export interface Branding {
  business: string;
  logoUrl: string | null;
  contactEmail: string | null;
  contactNumber: string | null;
}

export interface Site {
  link: string;
  name: string;
  /** Inline SVG (the kiosk's QR codes). */
  qr?: string;
}

export interface Page {
  html: string;
  script: boolean;
}

function shell(title: string, body: string, opts: { kiosk?: { home: string; idle: number } } = {}): Page {
  const kiosk = opts.kiosk;
  const bodyAttrs = kiosk ? ` class="kiosk" data-home="${esc(kiosk.home)}" data-idle="${kiosk.idle}"` : "";
  const script = kiosk ? `<script>${KIOSK_JS}</script>` : "";
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${CSS}</style></head><body${bodyAttrs}>${kiosk ? '<button type="button" id="fs" hidden>Full screen</button>' : ""}<main>${body}</main>${script}</body></html>`,
    script: Boolean(kiosk),
  };
}

function header(b: Branding) {
  const logo = b.logoUrl ? `<img src="${esc(b.logoUrl)}" alt="${esc(b.business)} logo"><br>` : "";
  return `<header>${logo}<h1>${esc(b.business)}</h1></header>`;
}

function footer(b: Branding) {
  const parts: string[] = [];
  if (b.contactEmail) parts.push(`<a href="mailto:${esc(b.contactEmail)}">${esc(b.contactEmail)}</a>`);
  if (b.contactNumber)
    parts.push(`<a href="tel:${esc(b.contactNumber.replace(/[^\d+]/g, ""))}">${esc(b.contactNumber)}</a>`);
  return parts.length ? `<footer>Questions? Contact us: ${parts.join(" · ")}</footer>` : "";
}

/**
 * The public review sites: the same list, order and look for everyone, whatever they answered (no review
 * gating). Private feedback is offered beside it, never instead.
 */
export function sitesSection(b: Branding, sites: Site[]) {
  if (sites.length === 0) return "";
  const intro = `<p class="note">Reviews help others find ${esc(b.business)}. Post one on any of these sites:</p>`;
  const list = sites[0]?.qr
    ? `<ul class="qr">${sites
        .map((s) => `<li><figure>${s.qr}<figcaption>${esc(s.name)}</figcaption></figure></li>`)
        .join("")}</ul><p class="note">Scan a code with your phone's camera.</p>`
    : `<ul>${sites
        .map(
          (s) =>
            `<li><a class="site" href="${esc(s.link)}" target="_blank" rel="noopener noreferrer">Review us on ${esc(s.name)}</a></li>`,
        )
        .join("")}</ul>`;
  return `<section class="sites" aria-labelledby="sites-h" data-public-options><h2 id="sites-h">Share your experience publicly</h2>${intro}${list}</section>`;
}

const FACES = ["Very unhappy", "Unhappy", "Neutral", "Happy", "Very happy"];
const FACE_ICONS = ["😞", "🙁", "😐", "🙂", "😄"];

function optionLabel(kind: TLandingScaleKind, value: number) {
  if (kind === "stars")
    return `<span aria-hidden="true">${"★".repeat(value)}</span><span class="sr">${value} star${value === 1 ? "" : "s"}</span>`;
  if (kind === "faces")
    return `<span aria-hidden="true">${FACE_ICONS[value - 1]}</span><span class="sr">${FACES[value - 1]}</span>`;
  if (kind === "thumbs")
    return value === 1 ? '<span aria-hidden="true">👍</span>&nbsp;Yes' : '<span aria-hidden="true">👎</span>&nbsp;No';
  return String(value);
}

/** A scale as a radio group (keyboard: Tab to the group, arrows to choose). */
function scale(
  kind: TLandingScaleKind,
  name: string,
  legend: string,
  selected: number | null,
  required: boolean,
  big = false,
) {
  const { min, max } = LANDING_SCALES[kind];
  const values: number[] = [];
  if (kind === "thumbs") values.push(1, 0);
  else for (let v = min; v <= max; v++) values.push(v);
  const opts = values
    .map((v, i) => {
      const id = `${name}-${v}`;
      return `<input type="radio" name="${name}" id="${id}" value="${v}"${selected === v ? " checked" : ""}${required && i === 0 ? " required" : ""}><label for="${id}">${optionLabel(kind, v)}</label>`;
    })
    .join("");
  const ends =
    kind === "nps"
      ? '<div class="ends" aria-hidden="true"><span>Not at all likely</span><span>Extremely likely</span></div>'
      : "";
  return `<fieldset><legend>${esc(legend)}</legend><div class="opts${big ? " big" : ""}">${opts}</div>${ends}</fieldset>`;
}

export function question(kind: TLandingScaleKind, business: string) {
  if (kind === "nps") return `How likely are you to recommend ${business} to a friend or colleague?`;
  if (kind === "thumbs") return `Would you recommend ${business}?`;
  if (kind === "faces") return `How was your experience with ${business}?`;
  return `How would you rate your experience with ${business}?`;
}

export interface FormValues {
  score: number | null;
  comment: string;
  name: string;
  answers?: Record<string, string | number>;
}

export interface FormPage {
  action: string;
  branding: Branding;
  sites: Site[];
  /** The scale asked (null: the review request page, a written answer only). */
  scale: TLandingScaleKind | null;
  /** A microsurvey's questions instead of the scale. */
  questions?: MicrosurveyQuestion[];
  values: FormValues;
  askName: boolean;
  error?: string;
  /** After an answer: the thanks, and the form to change it (requests) or send another. */
  thanks?: boolean;
  canChange?: boolean;
  kiosk?: { home: string };
}

function microsurveyFields(questions: MicrosurveyQuestion[], answers: Record<string, string | number>) {
  return questions
    .map((q) => {
      const name = `q_${q.id}`;
      const value = answers[q.id];
      const legend = `${q.text}${q.required ? " (required)" : ""}`;
      if (q.kind === "star" || q.kind === "nps")
        return scale(
          q.kind === "star" ? "stars" : "nps",
          name,
          legend,
          typeof value === "number" ? value : null,
          q.required,
        );
      if (q.kind === "choice") {
        const choices = Array.isArray(q.choices) ? q.choices : [];
        const opts = choices
          .map((c, i) => {
            const id = `${name}-${i}`;
            return `<input type="radio" name="${name}" id="${id}" value="${esc(c)}"${value === c ? " checked" : ""}${q.required && i === 0 ? " required" : ""}><label for="${id}">${esc(c)}</label>`;
          })
          .join("");
        return `<fieldset><legend>${esc(legend)}</legend><div class="opts">${opts}</div></fieldset>`;
      }
      return `<label class="f" for="${name}">${esc(legend)}</label><textarea id="${name}" name="${name}" maxlength="5000"${q.required ? " required" : ""}>${esc(typeof value === "string" ? value : "")}</textarea>`;
    })
    .join("");
}

/** A landing page: the private feedback form beside the public review sites (or the thanks, with both again). */
export function formPage(p: FormPage): Page {
  const b = p.branding;
  const v = p.values;
  const fields = p.questions
    ? microsurveyFields(p.questions, v.answers ?? {})
    : `${p.scale ? scale(p.scale, "score", question(p.scale, b.business), v.score, true, Boolean(p.kiosk)) : ""}<label class="f" for="comment">${p.scale ? "Tell us more (optional)" : "Your feedback"}</label><textarea id="comment" name="comment" maxlength="5000"${p.scale ? "" : " required"}>${esc(v.comment)}</textarea>`;
  const name = p.askName
    ? `<label class="f" for="name">Your name (optional)</label><input type="text" id="name" name="name" maxlength="200" autocomplete="${p.kiosk ? "off" : "name"}" value="${esc(v.name)}">`
    : "";
  const error = p.error ? `<p class="err" role="alert">${esc(p.error)}</p>` : "";
  const intro = p.scale
    ? ""
    : `<p>Thank you for choosing ${esc(b.business)}. We would love to hear about your visit.</p>`;
  const form = `<form method="post" action="${esc(p.action)}"${p.kiosk ? ' autocomplete="off"' : ""}>${error}${fields}${name}<button type="submit">${p.thanks ? "Update feedback" : "Send feedback"}</button></form>`;
  let feedback: string;
  if (p.thanks) {
    const again = p.kiosk
      ? `<a class="btn" href="${esc(p.kiosk.home)}">Next customer</a>`
      : p.canChange
        ? `<details><summary>Change your answer</summary>${form}</details>`
        : "";
    feedback = `<section aria-labelledby="fb-h"><h2 id="fb-h">Thank you for your feedback!</h2><p role="status">Your answer was sent privately to ${esc(b.business)}.</p>${again}</section>`;
  } else {
    feedback = `<section aria-labelledby="fb-h"><h2 id="fb-h">Private feedback</h2>${intro}<p class="note">Only ${esc(b.business)} sees what you send here.</p>${form}</section>`;
  }
  const body = `${header(b)}<div class="cols">${feedback}${sitesSection(b, p.sites)}</div>${footer(b)}`;
  return shell(
    p.thanks ? `Thank you — ${b.business}` : `Feedback — ${b.business}`,
    body,
    p.kiosk ? { kiosk: { home: p.kiosk.home, idle: p.thanks ? 20 : 60 } } : {},
  );
}

/** The friendly pages for unknown links, too many requests and failures. */
export function messagePage(status: 404 | 429 | 500): Page {
  const text =
    status === 404
      ? [
          "Page not found",
          "This feedback link is not valid or has expired. Please check the link, or contact the business directly.",
        ]
      : status === 429
        ? ["Too many requests", "You have sent too many requests in a short time. Please wait a minute and try again."]
        : ["Something went wrong", "We could not show this page. Please try again in a moment."];
  return shell(text[0]!, `<header><h1>${esc(text[0])}</h1></header><section><p>${esc(text[1])}</p></section>`);
}
