// The demo's ask tool (issue 16): customers (some opted out, some on the do-not-contact list), e-mail and SMS
// templates, campaigns in every status with their requests over the last months, microsurveys with responses,
// the feedback reviews the completed requests left, and the account's landing page settings.
//
// The demo never sends: no job is enqueued for any of it (sending only ever starts from the
// `requests.campaign.start` job a send or schedule enqueues), the scheduled campaign is months ahead and named so,
// and no request is left queued or held. Rows go in by batches, so the demo stays quick to build.
import { createHash, randomUUID } from "node:crypto";
import { type Insertable, type Kysely, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB, RequestStatus } from "../../db/schema.ts";
import { modelVersion } from "../analysis/index.ts";
import { createRandom, type Random } from "./review-text.ts";
import type { DemoAccounts } from "./types.ts";

const DAY = 86_400_000;
const FIRST = [
  "Ava",
  "Liam",
  "Mia",
  "Noah",
  "Emma",
  "Ethan",
  "Sofia",
  "Lucas",
  "Isabella",
  "Mason",
  "Chloe",
  "Logan",
  "Harper",
  "Elijah",
  "Amelia",
  "James",
  "Ella",
  "Benjamin",
  "Zoe",
  "Henry",
  "Layla",
  "Jack",
  "Nora",
  "Owen",
  "Riley",
  "Caleb",
  "Aria",
  "Wyatt",
  "Lily",
  "Julian",
  "Grace",
  "Leo",
  "Hazel",
  "Isaac",
  "Aurora",
  "Gabriel",
];
const LAST = [
  "Nguyen",
  "Garcia",
  "Smith",
  "Johnson",
  "Patel",
  "Brown",
  "Martinez",
  "Davis",
  "Lopez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Thompson",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Hill",
  "Green",
  "Adams",
  "Baker",
  "Rivera",
  "Campbell",
];

interface Plan {
  key: "restaurant" | "healthcare";
  customers: number;
  business: string;
  domain: string;
  phonePrefix: string;
  surveys: {
    name: string;
    scale: 5 | 10;
    questions: { kind: "star" | "nps" | "choice" | "text"; text: string; choices?: string[] }[];
  }[];
  comments: string[];
  answersText: string[];
}

const PLANS: Plan[] = [
  {
    key: "restaurant",
    customers: 320,
    business: "Copper Kettle Kitchens",
    domain: "copperkettle.example",
    phonePrefix: "+1512555",
    surveys: [
      {
        name: "Dining experience",
        scale: 5,
        questions: [
          { kind: "star", text: "How was your meal?" },
          { kind: "nps", text: "How likely are you to recommend Copper Kettle to a friend?" },
          { kind: "choice", text: "What did you come in for?", choices: ["Breakfast", "Lunch", "Dinner", "Takeout"] },
          { kind: "text", text: "What could we do better?" },
        ],
      },
      {
        name: "Takeout check-in",
        scale: 10,
        questions: [
          { kind: "star", text: "How was your order?" },
          { kind: "choice", text: "Was everything in the bag?", choices: ["Yes", "Something was missing"] },
          { kind: "text", text: "Anything else you want us to know?" },
        ],
      },
    ],
    comments: [
      "Great service and the food came out hot.",
      "Our server was friendly and quick.",
      "A bit of a wait for a table, but worth it.",
      "The pot roast was excellent.",
      "Loved the patio on a sunny afternoon.",
      "Order was missing a side.",
      "Clean, bright and welcoming.",
    ],
    answersText: [
      "More vegetarian options, please.",
      "Faster refills at busy times.",
      "Keep the seasonal pie!",
      "Parking was hard to find.",
      "The music was a little loud.",
      "Nothing, it was perfect.",
      "Label the takeout boxes.",
    ],
  },
  {
    key: "healthcare",
    customers: 180,
    business: "Evergreen Family Dental & Health",
    domain: "evergreendental.example",
    phonePrefix: "+1303555",
    surveys: [
      {
        name: "Visit feedback",
        scale: 5,
        questions: [
          { kind: "star", text: "How would you rate your visit?" },
          { kind: "nps", text: "How likely are you to recommend Evergreen to family and friends?" },
          {
            kind: "choice",
            text: "What was your visit for?",
            choices: ["Cleaning", "Checkup", "Treatment", "Emergency"],
          },
          { kind: "text", text: "Is there anything we could improve?" },
        ],
      },
    ],
    comments: [
      "The hygienist was gentle and explained everything.",
      "On time and very professional.",
      "Front desk made scheduling easy.",
      "Waited twenty minutes past my appointment.",
      "Kind staff, my kids love coming here.",
    ],
    answersText: [
      "Evening appointments would help.",
      "Send reminders by text.",
      "Everything was great.",
      "Clearer billing statements.",
      "More parking spaces.",
    ],
  },
];

type Channel = "email" | "sms";

/** Creates the ask tool's data of the demo's two brand accounts. */
export async function seedAskToolDemo(database: Database, demo: DemoAccounts, log: (m: string) => void) {
  const db = database.db;
  const random = createRandom(20261616);
  for (const plan of PLANS) {
    await db.transaction().execute((trx) => seedAccount(trx, plan, demo, random));
  }
  log("demo ask tool ready");
}

async function seedAccount(db: Kysely<DB>, plan: Plan, demo: DemoAccounts, random: Random) {
  const accountId = demo.accounts[plan.key];
  const locations = demo.locations[plan.key];
  const now = Date.now();
  const owner = await db
    .selectFrom("users")
    .select("id")
    .where("account_id", "=", accountId)
    .where("is_account_owner", "=", true)
    .executeTakeFirst();
  const ownerId = owner?.id ?? null;

  // The tool's parts are on in the demo.
  await db
    .updateTable("account_settings")
    .set({ value: "true" })
    .where("account_id", "=", accountId)
    .where("code", "in", ["ask", "microsurveys", "sms_requests", "nps_score"])
    .execute();
  await db
    .insertInto("request_pages")
    .values({
      account_id: accountId,
      contact_email: `care@${plan.domain}`,
      contact_number: "(512) 555-0140",
      logo_url: null,
      created_by_user_id: ownerId,
    })
    .onConflict((oc) => oc.column("account_id").doNothing())
    .execute();
  await db
    .insertInto("request_settings")
    .values({ account_id: accountId })
    .onConflict((oc) => oc.column("account_id").doNothing())
    .execute();

  // ---- Customers ----
  const contactRows: Insertable<DB["contacts"]>[] = [];
  const doNotContact: Insertable<DB["do_not_contact"]>[] = [];
  for (let i = 0; i < plan.customers; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length + i) % LAST.length]!;
    const email = `${first}.${last}${i}@example.com`.toLowerCase();
    const hasEmail = i % 9 !== 4;
    const hasPhone = i % 3 !== 0 || !hasEmail;
    const consentedAt = new Date(now - random.int(120, 400) * DAY).toISOString();
    const created = new Date(now - random.int(100, 380) * DAY);
    contactRows.push({
      account_id: accountId,
      location_id: locations[i % locations.length]!.id,
      name: `${first} ${last}`,
      email: hasEmail ? email : null,
      phone: hasPhone ? `${plan.phonePrefix}${String(1000 + i).padStart(4, "0")}` : null,
      custom_attributes: JSON.stringify(i % 4 === 0 ? { loyalty: "gold" } : { loyalty: "member" }),
      email_consent: hasEmail
        ? JSON.stringify({ method: "written", at: consentedAt, wording: "Email me about my visit" })
        : null,
      sms_consent:
        hasPhone && i % 2 === 0
          ? JSON.stringify({
              method: "web_form",
              at: consentedAt,
              wording: "Text me about my visit. Reply STOP to opt out.",
            })
          : null,
      email_opted_out_at: hasEmail && i % 17 === 5 ? new Date(now - random.int(5, 90) * DAY) : null,
      sms_opted_out_at: hasPhone && i % 19 === 7 ? new Date(now - random.int(5, 90) * DAY) : null,
      created_at: created,
      updated_at: created,
    });
    if (hasEmail && i % 29 === 11)
      doNotContact.push({ account_id: accountId, email, reason: "Asked not to be contacted" });
  }
  const contacts = await db
    .insertInto("contacts")
    .values(contactRows)
    .returning(["id", "email", "phone", "location_id", "name", "email_opted_out_at", "sms_opted_out_at", "sms_consent"])
    .execute();
  if (doNotContact.length) await db.insertInto("do_not_contact").values(doNotContact).execute();
  const blocked = new Set(doNotContact.map((d) => d.email));

  // ---- Templates ----
  const templates = await db
    .insertInto("request_templates")
    .values([
      {
        account_id: accountId,
        request_type: "email",
        name: "Thank you for visiting (NPS)",
        subject: "How was your visit to {location_name}?",
        header_text: "Thanks for stopping by!",
        content:
          "Hi {customer_first_name},\n\nThank you for choosing {business_name}. How likely are you to recommend us?\n\n{feedback}\n\nYour answer goes straight to our team.",
        feedback_type: "nps",
        metadata: JSON.stringify({}),
        created_by_user_id: ownerId,
      },
      {
        account_id: accountId,
        request_type: "email",
        name: "Star rating request",
        subject: "Rate your visit to {business_name}",
        header_text: "We'd love your feedback",
        content: "Hi {customer_first_name},\n\nHow many stars would you give {location_name}?\n\n{feedback}",
        feedback_type: "stars",
        metadata: JSON.stringify({}),
        created_by_user_id: ownerId,
      },
      {
        account_id: accountId,
        request_type: "email",
        name: "Short survey",
        subject: "Three quick questions from {business_name}",
        header_text: "Help us get better",
        content: "Hi {customer_first_name},\n\nWould you answer a few quick questions about your visit?\n\n{feedback}",
        feedback_type: "microsurvey",
        metadata: JSON.stringify({}),
        created_by_user_id: ownerId,
      },
      {
        account_id: accountId,
        request_type: "sms",
        name: "Quick text check-in",
        subject: null,
        content: "Hi {customer_first_name}, thanks for visiting {business_name}! Tell us how we did: {feedback}",
        feedback_type: "smiley",
        metadata: JSON.stringify({}),
        created_by_user_id: ownerId,
      },
    ])
    .returning(["id", "request_type", "feedback_type"])
    .execute();
  const templateOf = (type: string) => templates.find((t) => t.feedback_type === type)!;

  // ---- Microsurveys ----
  const surveys: { id: string; questions: { id: string; kind: string; choices: string[] }[] }[] = [];
  for (const s of plan.surveys) {
    const survey = await db
      .insertInto("microsurveys")
      .values({
        account_id: accountId,
        name: s.name,
        normalize_star_rating: s.scale,
        is_star_rating_question: s.questions.some((q) => q.kind === "star"),
        created_by_user_id: ownerId,
        created_at: new Date(now - 200 * DAY),
        updated_at: new Date(now - 200 * DAY),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const questions = await db
      .insertInto("microsurvey_questions")
      .values(
        s.questions.map((q, i) => ({
          microsurvey_id: survey.id,
          position: i + 1,
          kind: q.kind,
          text: q.text,
          choices: JSON.stringify(q.choices ?? []),
          required: i === 0,
        })),
      )
      .returning(["id", "kind", "position"])
      .execute();
    surveys.push({
      id: survey.id,
      questions: questions
        .sort((a, b) => a.position - b.position)
        .map((q, i) => ({ id: q.id, kind: q.kind, choices: s.questions[i]!.choices ?? [] })),
    });
  }

  // ---- Campaigns: every status ----
  type CampaignPlan = {
    name: string;
    status: "draft" | "scheduled" | "sending" | "sent" | "cancelled";
    channel: Channel;
    feedback: "nps" | "stars" | "microsurvey" | "smiley";
    daysAgo: number;
    recipients: number;
    survey?: number;
    multi?: boolean;
  };
  const campaignPlans: CampaignPlan[] = [
    {
      name: "Spring regulars",
      status: "sent",
      channel: "email",
      feedback: "nps",
      daysAgo: 150,
      recipients: 90,
      multi: true,
    },
    {
      name: "April visit follow-up",
      status: "sent",
      channel: "email",
      feedback: "stars",
      daysAgo: 110,
      recipients: 70,
    },
    {
      name: "Survey: how are we doing?",
      status: "sent",
      channel: "email",
      feedback: "microsurvey",
      daysAgo: 80,
      recipients: 80,
      survey: 0,
    },
    { name: "Text check-in (May)", status: "sent", channel: "sms", feedback: "smiley", daysAgo: 60, recipients: 60 },
    {
      name: "Summer guests",
      status: "sent",
      channel: "email",
      feedback: "nps",
      daysAgo: 35,
      recipients: 80,
      multi: true,
    },
    {
      name: "Second survey wave",
      status: "sent",
      channel: "email",
      feedback: "microsurvey",
      daysAgo: 20,
      recipients: 60,
      survey: plan.surveys.length - 1,
    },
    {
      name: "Holiday menu (cancelled)",
      status: "cancelled",
      channel: "email",
      feedback: "stars",
      daysAgo: 45,
      recipients: 40,
    },
    { name: "This week's visitors", status: "sending", channel: "email", feedback: "nps", daysAgo: 1, recipients: 50 },
    {
      name: "Demo: scheduled for later (never sent)",
      status: "scheduled",
      channel: "email",
      feedback: "stars",
      daysAgo: 3,
      recipients: 40,
    },
    { name: "Draft: loyalty members", status: "draft", channel: "sms", feedback: "smiley", daysAgo: 2, recipients: 30 },
  ];
  const feedbackSource = await db.selectFrom("sources").select("id").where("code", "=", "feedback").executeTakeFirst();
  const requestRows: Insertable<DB["requests"]>[] = [];
  const recipientRows: Insertable<DB["campaign_recipients"]>[] = [];
  const responses: Insertable<DB["microsurvey_responses"]>[] = [];
  const reviews: (Insertable<DB["reviews"]> & { requestId: string })[] = [];
  const lastAsked = new Map<string, Date>();
  let cursor = 0;
  for (const c of campaignPlans) {
    const created = new Date(now - c.daysAgo * DAY);
    const multi = c.multi ?? false;
    const home = locations[cursor % locations.length]!;
    const campaign = await db
      .insertInto("campaigns")
      .values({
        account_id: accountId,
        name: c.name,
        status: c.status,
        request_type: c.channel,
        template_id: templateOf(c.feedback).id,
        location_id: multi ? null : home.id,
        location_ids: multi ? locations.slice(0, 6).map((l) => l.id) : [home.id],
        is_multi: multi,
        feedback_configuration: JSON.stringify({ selector_type: c.feedback }),
        microsurvey_id: c.survey !== undefined ? surveys[c.survey]!.id : null,
        sender_name: plan.business,
        sender_email: `hello@${plan.domain}`,
        created_by_user_id: ownerId,
        created_at: created,
        updated_at: created,
        // A scheduled demo campaign waits months ahead; no start job exists for it.
        scheduled_at: c.status === "scheduled" ? new Date(now + 120 * DAY) : null,
        started_at: c.status === "sent" || c.status === "sending" || c.status === "cancelled" ? created : null,
        sent_at: c.status === "sent" ? new Date(created.getTime() + 2 * DAY) : null,
        cancelled_at: c.status === "cancelled" ? new Date(created.getTime() + DAY) : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const eligible = contacts.filter((ct) => (c.channel === "email" ? ct.email : ct.phone));
    const picked = Array.from(
      { length: Math.min(c.recipients, eligible.length) },
      (_, i) => eligible[(cursor + i * 3) % eligible.length]!,
    );
    const unique = [...new Map(picked.map((p) => [p.id, p])).values()];
    cursor += c.recipients;
    for (const contact of unique)
      recipientRows.push({ campaign_id: campaign.id, contact_id: contact.id, added_at: created });
    if (c.status === "draft" || c.status === "scheduled") continue;
    const share = c.status === "cancelled" ? 0.5 : 1;
    for (const contact of unique.slice(0, Math.ceil(unique.length * share))) {
      const id = randomUUID();
      const queued = new Date(created.getTime() + random.int(0, 6 * 60) * 60_000);
      const row: Insertable<DB["requests"]> = {
        id,
        account_id: accountId,
        campaign_id: campaign.id,
        contact_id: contact.id,
        location_id: multi ? locations[random.int(0, 5)]!.id : (contact.location_id ?? home.id),
        channel: c.channel,
        // Never sent, so no link is ever handed out: an unguessable hash of nothing anyone holds.
        token_hash: createHash("sha256").update(`demo:${randomUUID()}`).digest("hex"),
        queued_at: queued,
      };
      const optedOut = c.channel === "email" ? contact.email_opted_out_at : contact.sms_opted_out_at;
      const skip = optedOut
        ? "opted_out"
        : c.channel === "email" && blocked.has(contact.email ?? "")
          ? "do_not_contact"
          : c.channel === "sms" && !contact.sms_consent
            ? "no_sms_consent"
            : null;
      if (skip) {
        requestRows.push({ ...row, status: "skipped", skip_reason: skip });
        continue;
      }
      const step = (min: number, max: number, from: Date) => new Date(from.getTime() + random.int(min, max) * 60_000);
      const sent = step(1, 30, queued);
      const roll = random.next();
      // Realistic outcomes: a few failures, most delivered, about half opened, a quarter clicked, a fifth completed.
      let status: RequestStatus;
      if (roll < 0.04) status = "failed";
      else if (roll < 0.45) status = c.channel === "sms" ? "delivered" : "sent";
      else if (roll < 0.62) status = "opened";
      else if (roll < 0.76) status = "clicked";
      else status = "completed";
      if (c.status === "sending" && status === "completed") status = "opened";
      const delivered = c.channel === "sms" || status !== "sent" ? step(1, 5, sent) : null;
      const opened = ["opened", "clicked", "completed"].includes(status) ? step(10, 3000, sent) : null;
      const clicked = ["clicked", "completed"].includes(status) ? step(1, 20, opened!) : null;
      const completed = status === "completed" ? step(1, 10, clicked!) : null;
      lastAsked.set(contact.id, sent);
      if (status === "failed") {
        requestRows.push({
          ...row,
          status,
          sent_at: sent,
          failed_at: step(1, 10, sent),
          failure_reason: c.channel === "email" ? "bounced" : "provider_error",
        });
        continue;
      }
      let score: number | null = null;
      let reviewId: string | null = null;
      if (completed) {
        const happy = random.chance(0.78);
        reviewId = randomUUID();
        let rating: number;
        let recommendation: string | null = null;
        let content = random.pick(plan.comments);
        if (c.feedback === "nps") {
          score = happy ? random.int(8, 10) : random.int(2, 7);
          rating = Math.max(1, Math.ceil(score / 2));
        } else if (c.feedback === "microsurvey") {
          const survey = surveys[c.survey!]!;
          const answers: Record<string, string | number> = {};
          const star = happy ? random.int(4, 5) : random.int(1, 3);
          score = star;
          for (const q of survey.questions) {
            if (q.kind === "star") answers[q.id] = star;
            else if (q.kind === "nps") answers[q.id] = happy ? random.int(8, 10) : random.int(0, 7);
            else if (q.kind === "choice") answers[q.id] = random.pick(q.choices);
            else if (random.chance(0.6)) answers[q.id] = random.pick(plan.answersText);
          }
          rating = star;
          content =
            Object.entries(answers)
              .filter(([qid]) => survey.questions.find((q) => q.id === qid)?.kind === "text")
              .map(([, v]) => String(v))
              .join(" ") || content;
          responses.push({
            account_id: accountId,
            microsurvey_id: survey.id,
            request_id: id,
            location_id: row.location_id ?? null,
            contact_id: contact.id,
            review_id: reviewId,
            answers: JSON.stringify(answers),
            created_at: completed,
            updated_at: completed,
          });
        } else {
          score = happy ? random.int(4, 5) : random.int(1, 3);
          rating = score;
          recommendation = null;
        }
        if (feedbackSource) {
          reviews.push({
            requestId: id,
            id: reviewId,
            account_id: accountId,
            location_id: row.location_id!,
            source_id: feedbackSource.id,
            source_review_id: `request:${id}`,
            author_name: contact.name,
            rating,
            recommendation,
            content,
            published_at: completed,
            first_seen_at: completed,
            sentiment: rating >= 4 ? 1 : rating <= 2 ? -1 : 0,
            // Scored by their rating, as the demo shapes them; recorded as the running model's, so that the
            // first start does not re-analyse the demo's accounts (a later model change does).
            analysis_version: modelVersion(),
            respondable: true,
          });
        } else reviewId = null;
      }
      requestRows.push({
        ...row,
        status,
        sent_at: sent,
        delivered_at: delivered,
        opened_at: opened,
        clicked_at: clicked,
        completed_at: completed,
        score,
        review_id: reviewId,
      });
    }
  }
  // Microsurvey responses from the survey's own landing page (no request): a handful per survey.
  for (const survey of surveys) {
    for (let i = 0; i < 12; i++) {
      const at = new Date(now - random.int(1, 170) * DAY);
      const answers: Record<string, string | number> = {};
      for (const q of survey.questions) {
        if (q.kind === "star")
          answers[q.id] = random.weighted([
            [5, 5],
            [4, 3],
            [3, 1],
            [2, 1],
            [1, 1],
          ] as const);
        else if (q.kind === "nps")
          answers[q.id] = random.weighted([
            [10, 4],
            [9, 3],
            [8, 2],
            [7, 1],
            [5, 1],
            [2, 1],
          ] as const);
        else if (q.kind === "choice") answers[q.id] = random.pick(q.choices);
        else if (random.chance(0.5)) answers[q.id] = random.pick(plan.answersText);
      }
      responses.push({
        account_id: accountId,
        microsurvey_id: survey.id,
        location_id: locations[random.int(0, locations.length - 1)]!.id,
        answers: JSON.stringify(answers),
        created_at: at,
        updated_at: at,
      });
    }
  }

  for (const part of chunks(recipientRows, 1000)) await db.insertInto("campaign_recipients").values(part).execute();
  for (const part of chunks(reviews, 500))
    await db
      .insertInto("reviews")
      .values(part.map(({ requestId: _r, ...review }) => review))
      .execute();
  for (const part of chunks(requestRows, 500)) await db.insertInto("requests").values(part).execute();
  for (const part of chunks(responses, 500)) await db.insertInto("microsurvey_responses").values(part).execute();
  if (lastAsked.size) {
    const pairs = [...lastAsked.entries()];
    await sql`UPDATE contacts SET last_requested_at = v.at
      FROM (SELECT unnest(${pairs.map((p) => p[0])}::uuid[]) AS id, unnest(${pairs.map((p) => p[1].toISOString())}::timestamptz[]) AS at) v
      WHERE contacts.id = v.id`.execute(db);
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
