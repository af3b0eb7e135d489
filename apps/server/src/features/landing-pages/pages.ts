import rateLimit from "@fastify/rate-limit";
import { SELECTOR_TO_LANDING_KIND, type TLandingScaleKind } from "@starboard/contract/landing-pages";
import { feedbackSelectorType } from "@starboard/contract/requests";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import QRCode from "qrcode";
import { isUuid } from "../../platform/access.ts";
import { hashToken } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import {
  type MicrosurveyQuestion,
  markClicked,
  microsurveyAnswers,
  microsurveyQuestions,
  type PageLocation,
  type PageRequest,
  pageLocation,
  requestByTokenHash,
  reviewSites,
  reviewText,
} from "./queries.ts";
import {
  type Branding,
  type FormPage,
  type FormValues,
  formPage,
  messagePage,
  type Page,
  pageCsp,
  type Site,
} from "./render.ts";
import { type Answer, parseScore, recordAnswer } from "./service.ts";

// The public landing pages (docs/api.md "Landing pages and kiosk"): no session, server-rendered HTML.
// - /feedback/{locationId}/{kind}: a location's page (nps, stars, thumbs, faces, review_request);
// - /kiosk/{locationId}: the location's kiosk (stars, review sites as QR codes, reset after each answer
//   or a minute idle);
// - /r/{token}: a request's page (its campaign's feedback type or microsurvey; `?score=N` answers in one tap;
//   viewing marks the request clicked).
// GET and POST (the form) each; every answer becomes a review of the feedback source (service.ts).

const PAGE_KINDS = ["nps", "stars", "thumbs", "faces", "review_request"] as const;
type PageKind = (typeof PAGE_KINDS)[number];

/** Requests per client address and page per minute: page views, and answers (a kiosk's tablet included). */
export const LANDING_RATE_LIMITS = { views: 60, answers: 10 } as const;

const MAX_TEXT = 5000;

function sendPage(reply: FastifyReply, status: number, page: Page) {
  return reply
    .status(status)
    .header("content-security-policy", pageCsp(page.script))
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .type("text/html; charset=utf-8")
    .send(page.html);
}

/** The form's fields, whichever parser read the body. */
function formOf(body: unknown): URLSearchParams {
  if (body instanceof URLSearchParams) return body;
  const out = new URLSearchParams();
  if (body && typeof body === "object") {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      for (const item of Array.isArray(v) ? v : [v]) if (typeof item === "string") out.append(k, item);
    }
  }
  return out;
}

const text = (form: URLSearchParams, name: string) => (form.get(name) ?? "").slice(0, MAX_TEXT);

const qrCache = new Map<string, string>();
async function qrSvg(link: string, name: string) {
  let svg = qrCache.get(link);
  if (!svg) {
    svg = await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    if (qrCache.size > 500) qrCache.clear();
    qrCache.set(link, svg);
  }
  return svg.replace("<svg ", `<svg role="img" aria-label="QR code: review us on ${name.replaceAll('"', "")}" `);
}

function branding(loc: PageLocation): Branding {
  return {
    business: loc.public_name?.trim() || loc.name,
    logoUrl: loc.logo_url,
    contactEmail: loc.contact_email,
    contactNumber: loc.contact_number,
  };
}

async function sitesOf(ctx: AppContext, loc: PageLocation, urlIds: string[] | null, qr: boolean): Promise<Site[]> {
  const rows = await reviewSites(ctx.database.db, loc.account_id, loc.id, urlIds);
  return Promise.all(
    rows.map(async (r) => ({ link: r.link, name: r.name, ...(qr ? { qr: await qrSvg(r.link, r.name) } : {}) })),
  );
}

const emptyValues = (): FormValues => ({ score: null, comment: "", name: "" });

export async function registerLandingPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (pages) => {
    await pages.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error("Too many requests"), { statusCode: context.statusCode }),
    });
    if (!pages.hasContentTypeParser("application/x-www-form-urlencoded")) {
      pages.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 64 * 1024 },
        (_request, body, done) => done(null, new URLSearchParams(body as string)),
      );
    }
    pages.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode === 429 ? 429 : error.statusCode === 404 ? 404 : (error.statusCode ?? 500);
      if (status >= 500) request.log.error({ err: error }, "landing page failed");
      if (status === 429 || status === 404) return sendPage(reply, status, messagePage(status));
      if (status < 500) return sendPage(reply, status, messagePage(404));
      return sendPage(reply, 500, messagePage(500));
    });

    /** Per client address and page (a location or a request), views and answers counted apart. */
    const limit = (max: number, what: "view" | "answer") => ({
      auth: false,
      rateLimit: {
        max,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => {
          const p = request.params as { locationId?: string; token?: string };
          return `${what}|${request.ip}|${p.locationId ?? hashToken(p.token ?? "")}`;
        },
      },
    });
    const hide = { hide: true };
    const notFound = (reply: FastifyReply) => sendPage(reply, 404, messagePage(404));

    // ---- A location's pages ----

    async function location(id: string) {
      return isUuid(id) ? pageLocation(ctx.database.db, id) : undefined;
    }

    async function locationPage(
      reply: FastifyReply,
      loc: PageLocation,
      kind: PageKind | "kiosk",
      extra: Partial<FormPage> & { status?: number } = {},
    ) {
      const isKiosk = kind === "kiosk";
      const action = isKiosk ? `/kiosk/${loc.id}` : `/feedback/${loc.id}/${kind}`;
      const page: FormPage = {
        action,
        branding: branding(loc),
        sites: await sitesOf(ctx, loc, null, isKiosk),
        scale: kind === "review_request" ? null : isKiosk ? "stars" : kind,
        values: emptyValues(),
        askName: true,
        ...(isKiosk ? { kiosk: { home: action } } : {}),
        ...extra,
      };
      return sendPage(reply, extra.status ?? 200, formPage(page));
    }

    async function answerLocation(
      request: FastifyRequest,
      reply: FastifyReply,
      loc: PageLocation,
      kind: PageKind | "kiosk",
    ) {
      const form = formOf(request.body);
      const scaleKind: TLandingScaleKind | null = kind === "review_request" ? null : kind === "kiosk" ? "stars" : kind;
      const values: FormValues = {
        score: scaleKind ? parseScore(scaleKind, form.get("score")) : null,
        comment: text(form, "comment"),
        name: text(form, "name").slice(0, 200),
      };
      const error =
        scaleKind && values.score === null
          ? "Please choose a rating."
          : !scaleKind && !values.comment.trim()
            ? "Please write your feedback."
            : undefined;
      // A kiosk keeps nothing: a rejected answer starts again empty.
      if (error)
        return locationPage(reply, loc, kind, {
          status: 400,
          error,
          values: kind === "kiosk" ? emptyValues() : values,
        });
      await recordAnswer(
        ctx,
        {
          accountId: loc.account_id,
          locationId: loc.id,
          vertical: loc.vertical,
          authorName: values.name.trim() || null,
        },
        { scale: scaleKind, score: values.score, comment: values.comment },
      );
      return locationPage(reply, loc, kind, { thanks: true, values: emptyValues() });
    }

    pages.get(
      "/feedback/:locationId/:kind",
      { config: limit(LANDING_RATE_LIMITS.views, "view"), schema: hide },
      async (request, reply) => {
        const { locationId, kind } = request.params as { locationId: string; kind: string };
        if (kind === "kiosk" && isUuid(locationId)) return reply.redirect(`/kiosk/${locationId}`, 302);
        const loc = await location(locationId);
        if (!loc || !(PAGE_KINDS as readonly string[]).includes(kind)) return notFound(reply);
        return locationPage(reply, loc, kind as PageKind);
      },
    );
    pages.post(
      "/feedback/:locationId/:kind",
      { config: limit(LANDING_RATE_LIMITS.answers, "answer"), schema: hide },
      async (request, reply) => {
        const { locationId, kind } = request.params as { locationId: string; kind: string };
        const loc = await location(locationId);
        if (!loc || !(PAGE_KINDS as readonly string[]).includes(kind)) return notFound(reply);
        return answerLocation(request, reply, loc, kind as PageKind);
      },
    );
    pages.get(
      "/kiosk/:locationId",
      { config: limit(LANDING_RATE_LIMITS.views, "view"), schema: hide },
      async (request, reply) => {
        const loc = await location((request.params as { locationId: string }).locationId);
        if (!loc) return notFound(reply);
        return locationPage(reply, loc, "kiosk");
      },
    );
    pages.post(
      "/kiosk/:locationId",
      { config: limit(LANDING_RATE_LIMITS.answers, "answer"), schema: hide },
      async (request, reply) => {
        const loc = await location((request.params as { locationId: string }).locationId);
        if (!loc) return notFound(reply);
        return answerLocation(request, reply, loc, "kiosk");
      },
    );

    // ---- A request's page ----

    interface Found {
      req: PageRequest;
      loc: PageLocation;
      scale: TLandingScaleKind | null;
      questions: MicrosurveyQuestion[] | null;
    }

    async function findRequest(token: string): Promise<Found | undefined> {
      if (!/^[A-Za-z0-9_-]{16,200}$/.test(token)) return undefined;
      const req = await requestByTokenHash(ctx.database.db, hashToken(token));
      if (!req?.location_id) return undefined;
      const loc = await pageLocation(ctx.database.db, req.location_id);
      if (!loc || loc.account_id !== req.account_id) return undefined;
      const selector = SELECTOR_TO_LANDING_KIND[feedbackSelectorType(req.feedback_configuration?.selector_type)];
      if (selector === "microsurvey" && req.microsurvey_id) {
        const questions = await microsurveyQuestions(ctx.database.db, req.account_id, req.microsurvey_id);
        if (questions.length > 0) return { req, loc, scale: null, questions };
      }
      return { req, loc, scale: selector === "microsurvey" ? "nps" : selector, questions: null };
    }

    async function previousValues(f: Found): Promise<FormValues> {
      const values = emptyValues();
      values.score = f.req.score;
      if (f.req.review_id) {
        const review = await reviewText(ctx.database.db, f.req.review_id);
        values.comment = review?.content ?? "";
        if (!f.req.contact_name?.trim()) values.name = review?.author_name ?? "";
      }
      if (f.questions && f.req.microsurvey_id) {
        const row = await microsurveyAnswers(ctx.database.db, f.req.microsurvey_id, f.req.id);
        values.answers = (row?.answers as Record<string, string | number> | undefined) ?? {};
      }
      return values;
    }

    async function requestPage(
      reply: FastifyReply,
      token: string,
      f: Found,
      extra: Partial<FormPage> & { status?: number },
    ) {
      const page: FormPage = {
        action: `/r/${token}`,
        branding: branding(f.loc),
        sites: await sitesOf(ctx, f.loc, f.req.auto_select_sources === false ? (f.req.url_ids ?? []) : null, false),
        scale: f.scale,
        ...(f.questions ? { questions: f.questions } : {}),
        values: emptyValues(),
        askName: !f.req.contact_name?.trim(),
        canChange: true,
        ...extra,
      };
      return sendPage(reply, extra.status ?? 200, formPage(page));
    }

    function microsurveyForm(questions: MicrosurveyQuestion[], form: URLSearchParams) {
      const answers: Record<string, string | number> = {};
      let error: string | undefined;
      for (const q of questions) {
        const raw = form.get(`q_${q.id}`);
        let value: string | number | null = null;
        if (q.kind === "star" || q.kind === "nps") value = parseScore(q.kind === "star" ? "stars" : "nps", raw);
        else if (q.kind === "choice") {
          const choices = Array.isArray(q.choices) ? q.choices : [];
          value = raw !== null && choices.includes(raw) ? raw : null;
        } else value = raw?.trim() ? raw.trim().slice(0, MAX_TEXT) : null;
        if (value === null) {
          if (q.required) error ??= `Please answer: ${q.text}`;
          continue;
        }
        answers[q.id] = value;
      }
      return { answers, error };
    }

    /** A microsurvey answer as a review: the first star (or else NPS) answer rates it, the written answers are its text. */
    function microsurveyAnswer(questions: MicrosurveyQuestion[], answers: Record<string, string | number>): Answer {
      const rated =
        questions.find((q) => q.kind === "star" && typeof answers[q.id] === "number") ??
        questions.find((q) => q.kind === "nps" && typeof answers[q.id] === "number");
      const comment = questions
        .filter((q) => q.kind !== "star" && q.kind !== "nps" && answers[q.id] !== undefined)
        .map((q) => `${q.text}: ${answers[q.id]}`)
        .join("\n");
      return {
        scale: rated ? (rated.kind === "star" ? "stars" : "nps") : null,
        score: rated ? (answers[rated.id] as number) : null,
        comment,
        answers,
      };
    }

    async function answerRequest(token: string, f: Found, answer: Answer, name: string) {
      await recordAnswer(
        ctx,
        {
          accountId: f.req.account_id,
          locationId: f.loc.id,
          vertical: f.loc.vertical,
          authorName: f.req.contact_name?.trim() || name.trim() || null,
          request: {
            id: f.req.id,
            contactId: f.req.contact_id,
            reviewId: f.req.review_id,
            microsurveyId: f.questions ? f.req.microsurvey_id : null,
          },
        },
        answer,
      );
      const fresh = await findRequest(token);
      return fresh ?? f;
    }

    pages.get(
      "/r/:token",
      { config: limit(LANDING_RATE_LIMITS.views, "view"), schema: hide },
      async (request, reply) => {
        const { token } = request.params as { token: string };
        let f = await findRequest(token);
        if (!f) return notFound(reply);
        await markClicked(ctx.database.db, f.req.id, new Date());
        const raw = (request.query as { score?: unknown }).score;
        const score = f.scale && typeof raw === "string" ? parseScore(f.scale, raw) : null;
        if (f.scale && score !== null) {
          // The one-tap answer from the message: recorded now; the page offers to add a comment.
          const before = await previousValues(f);
          f = await answerRequest(token, f, { scale: f.scale, score, comment: before.comment }, before.name);
          return requestPage(reply, token, f, { thanks: true, values: await previousValues(f) });
        }
        if (f.req.completed_at) return requestPage(reply, token, f, { thanks: true, values: await previousValues(f) });
        return requestPage(reply, token, f, {});
      },
    );

    pages.post(
      "/r/:token",
      { config: limit(LANDING_RATE_LIMITS.answers, "answer"), schema: hide },
      async (request, reply) => {
        const { token } = request.params as { token: string };
        let f = await findRequest(token);
        if (!f) return notFound(reply);
        const form = formOf(request.body);
        const name = text(form, "name").slice(0, 200);
        let answer: Answer;
        let error: string | undefined;
        const values: FormValues = { score: null, comment: text(form, "comment"), name };
        if (f.questions) {
          const parsed = microsurveyForm(f.questions, form);
          error = parsed.error;
          values.answers = parsed.answers;
          answer = microsurveyAnswer(f.questions, parsed.answers);
        } else {
          values.score = f.scale ? parseScore(f.scale, form.get("score")) : null;
          if (f.scale && values.score === null) error = "Please choose a rating.";
          answer = { scale: f.scale, score: values.score, comment: values.comment };
        }
        if (error) return requestPage(reply, token, f, { status: 400, error, values });
        f = await answerRequest(token, f, answer, name);
        return requestPage(reply, token, f, { thanks: true, values: await previousValues(f) });
      },
    );
  });
}
