import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, createLocation, createReview, createUser, signedIn } from "../../test/factories.ts";
import { Client, startTestApp, type TestApp } from "../../test/harness.ts";
import { DISPATCH_JOB } from "./jobs.ts";
import { type Received, settle, startSmtp } from "./smtp.test-helpers.ts";

// Scheduled exports sent over a real SMTP server, run at chosen instants (in increasing order across the file:
// the dispatch schedule moves past each instant). The instants are in next year, so they are in the future of
// any schedule created now.
const Y = new Date().getUTCFullYear() + 1;
const pad = (n: number) => String(n).padStart(2, "0");
const utc = (month: number, day: number, hour: number, minute = 0) =>
  new Date(`${Y}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:00Z`);
const weekday = (month: number, day: number) => new Date(Date.UTC(Y, month - 1, day)).getUTCDay();
/** The n-th given weekday (0 = Sunday) of a month of Y. */
function nthWeekday(month: number, dow: number, n: number) {
  let day = 1;
  while (weekday(month, day) !== dow) day += 1;
  return day + 7 * (n - 1);
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "http://starboard.test" } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Runs what is due at the instant (as `npm run jobs -- run-due --at` does) and waits for the dispatch job. */
async function runAt(at: Date) {
  const fired = await t.ctx.jobs.runDue(at);
  for (const f of fired.filter((f) => f.job === DISPATCH_JOB)) {
    expect((await t.ctx.jobs.waitFor(f.job, f.id!, { timeoutMs: 60_000 })).state).toBe("completed");
  }
}

const mailsTo = (email: string, subject: string) =>
  smtp.received.filter((m) => m.to.includes(email) && m.subject === subject);

async function expectRun(at: Date, subject: string, expected: Record<string, number>) {
  const before = Object.fromEntries(Object.keys(expected).map((e) => [e, mailsTo(e, subject).length]));
  await runAt(at);
  await settle(() => Object.entries(expected).every(([e, n]) => mailsTo(e, subject).length >= before[e]! + n));
  for (const [email, n] of Object.entries(expected)) {
    expect(mailsTo(email, subject).length - before[email]!, `${email} at ${at.toISOString()}`).toBe(n);
  }
}

async function setZone(accountId: string, zone: string) {
  await t.ctx.database.db.updateTable("accounts").set({ time_zone: zone }).where("id", "=", accountId).execute();
}

function schedule(recipients: string[], overrides: Record<string, unknown>) {
  return {
    export_type: "reviews",
    email_body: "Here is this period's reviews export.",
    email_frequency: "daily",
    scheduled_time: "13:00",
    date_range_legend: "sevenDays",
    recipient_user_ids: recipients,
    ...overrides,
  };
}

const linkIn = (m: Received, re: RegExp) => {
  const match = re.exec(m.text);
  expect(match, m.text).not.toBeNull();
  return new URL(match![0]);
};

describe("scheduled export delivery over SMTP", { timeout: 120_000 }, () => {
  it("daily in the account's zone: one e-mail per recipient per run, with the user's subject and body, a working link and a working unsubscribe", async () => {
    const owner = await signedIn(t, { type: "manager" });
    await setZone(owner.account.id, "America/New_York");
    const colleague = await createUser(t.ctx.database, owner.account.id, { type: "user" });
    const location = await createLocation(t.ctx.database, owner.account.id);
    // In the range of a run on January 5 (the 7 days ending that day), and outside it.
    await createReview(t.ctx.database, {
      accountId: owner.account.id,
      locationId: location.id,
      content: "Inside the range: the brisket was superb.",
      publishedAt: utc(1, 3, 17),
    });
    await createReview(t.ctx.database, {
      accountId: owner.account.id,
      locationId: location.id,
      content: "Outside the range: long ago.",
      publishedAt: utc(1, 1, 12)
        .toISOString()
        .replace(`${Y}`, `${Y - 1}`),
    });
    const subject = `Daily reviews ${owner.account.id.slice(0, 6)}`;
    const created = await owner.client.post<{ id: string; next_run_at: string }>(
      "/api/scheduled_exports",
      schedule([owner.user.id, colleague.id], { email_subject: subject }),
    );
    expect(created.status).toBe(201);

    // 13:00 in New York on January 5 is 18:00 UTC (EST).
    // The first run sends once for the latest slot (a schedule behind by several slots does not send each).
    await expectRun(utc(1, 5, 18), subject, { [owner.user.email]: 1, [colleague.email]: 1 });
    await expectRun(utc(1, 5, 18), subject, { [owner.user.email]: 0, [colleague.email]: 0 });
    await expectRun(utc(1, 5, 18, 30), subject, { [owner.user.email]: 0, [colleague.email]: 0 });
    await expectRun(utc(1, 6, 17, 59), subject, { [owner.user.email]: 0, [colleague.email]: 0 });

    const mail = mailsTo(owner.user.email, subject)[0]!;
    expect(mail.text).toContain("Here is this period's reviews export.");
    expect(mail.text).toContain(`${Y}-12-30`.replace(`${Y}-`, `${Y - 1}-`));
    const link = linkIn(mail, /http:\/\/starboard\.test\/file-downloads\/\d+\?expires=\d+&signature=[A-Za-z0-9_-]+/);
    const fileId = link.pathname.split("/").pop();
    const download = await owner.client.get<string>(`/api/export_files/${fileId}/download${link.search}`);
    expect(download.status).toBe(200);
    expect(download.body).toContain("Inside the range: the brisket was superb.");
    expect(download.body).not.toContain("Outside the range");
    // The file is attached as well (small files).
    expect(mail.raw).toMatch(/Content-Disposition: attachment; filename=.*\.csv/);
    const row = await t.ctx.database.db
      .selectFrom("scheduled_exports")
      .select("last_sent_at")
      .where("id", "=", created.body.id)
      .executeTakeFirstOrThrow();
    expect(row.last_sent_at).not.toBeNull();

    // The colleague unsubscribes with the link in their e-mail; the next day only the owner gets it.
    const unsubscribe = linkIn(
      mailsTo(colleague.email, subject)[0]!,
      /http:\/\/starboard\.test\/unsubscribe\/scheduled_exports\/[A-Za-z0-9_-]+/,
    );
    const res = await new Client(t.baseUrl).post(`/api${unsubscribe.pathname}`);
    expect(res.status).toBe(200);
    await expectRun(utc(1, 6, 18), subject, { [owner.user.email]: 1, [colleague.email]: 0 });
    await owner.client.delete(`/api/scheduled_exports/${created.body.id}`);
  });

  it("weekly on its day at its time in the account's zone", async () => {
    const owner = await signedIn(t, { type: "admin" });
    await setZone(owner.account.id, "Europe/Berlin");
    const subject = `Weekly ${owner.account.id.slice(0, 6)}`;
    const created = await owner.client.post<{ id: string }>(
      "/api/scheduled_exports",
      schedule([owner.user.id], {
        email_subject: subject,
        email_frequency: "weekly",
        scheduled_day: "monday",
        scheduled_time: "08:00",
        date_range_legend: "lastCalendarWeek",
      }),
    );
    expect(created.status).toBe(201);
    const monday = nthWeekday(2, 1, 1);
    // 08:00 in Berlin in February is 07:00 UTC.
    await expectRun(utc(2, monday, 7), subject, { [owner.user.email]: 1 });
    await expectRun(utc(2, monday + 1, 7), subject, { [owner.user.email]: 0 });
    await expectRun(utc(2, monday + 6, 7), subject, { [owner.user.email]: 0 });
    await expectRun(utc(2, monday + 7, 7), subject, { [owner.user.email]: 1 });
    await owner.client.delete(`/api/scheduled_exports/${created.body.id}`);
  });

  it("daily across the spring daylight-saving change: 09:00 local is 14:00 UTC before it and 13:00 UTC after", async () => {
    const owner = await signedIn(t, { type: "manager" });
    await setZone(owner.account.id, "America/New_York");
    const subject = `DST ${owner.account.id.slice(0, 6)}`;
    const created = await owner.client.post<{ id: string }>(
      "/api/scheduled_exports",
      schedule([owner.user.id], { email_subject: subject, scheduled_time: "09:00" }),
    );
    const change = nthWeekday(3, 0, 2); // the second Sunday of March
    await expectRun(utc(3, change - 1, 14), subject, { [owner.user.email]: 1 });
    await expectRun(utc(3, change, 12, 59), subject, { [owner.user.email]: 0 });
    await expectRun(utc(3, change, 13), subject, { [owner.user.email]: 1 });
    await expectRun(utc(3, change, 14), subject, { [owner.user.email]: 0 });
    await expectRun(utc(3, change + 1, 13), subject, { [owner.user.email]: 1 });
    await owner.client.delete(`/api/scheduled_exports/${created.body.id}`);
  });

  it("monthly on day 31: the 31st in a long month, the 30th in a 30-day month", async () => {
    const owner = await signedIn(t, { type: "manager" });
    await setZone(owner.account.id, "Asia/Tokyo");
    const subject = `Monthly ${owner.account.id.slice(0, 6)}`;
    const created = await owner.client.post<{ id: string }>(
      "/api/scheduled_exports",
      schedule([owner.user.id], {
        email_subject: subject,
        email_frequency: "monthly",
        scheduled_day_of_month: 31,
        date_range_legend: "prevMonth",
      }),
    );
    // 13:00 in Tokyo is 04:00 UTC.
    await expectRun(utc(3, 31, 4), subject, { [owner.user.email]: 1 });
    await expectRun(utc(4, 29, 4), subject, { [owner.user.email]: 0 });
    await expectRun(utc(4, 30, 4), subject, { [owner.user.email]: 1 });
    await expectRun(utc(5, 30, 4), subject, { [owner.user.email]: 0 });
    await expectRun(utc(5, 31, 4), subject, { [owner.user.email]: 1 });
    const april = mailsTo(owner.user.email, subject)[1]!;
    expect(april.text).toContain(`${Y}-03-01 to ${Y}-03-31`);
    await owner.client.delete(`/api/scheduled_exports/${created.body.id}`);
  });

  it("a user who is no longer active is skipped; a deleted schedule sends nothing", async () => {
    const owner = await signedIn(t, { type: "manager" });
    const other = await createUser(t.ctx.database, owner.account.id, { type: "user" });
    const subject = `Skip ${owner.account.id.slice(0, 6)}`;
    const created = await owner.client.post<{ id: string }>(
      "/api/scheduled_exports",
      schedule([owner.user.id, other.id], { email_subject: subject, scheduled_time: "06:00" }),
    );
    await t.ctx.database.db.updateTable("users").set({ status: "suspended" }).where("id", "=", other.id).execute();
    await expectRun(utc(6, 2, 10), subject, { [owner.user.email]: 1, [other.email]: 0 });
    await (await clientFor(t, owner.user)).delete(`/api/scheduled_exports/${created.body.id}`);
    await expectRun(utc(6, 3, 10), subject, { [owner.user.email]: 0 });
  });
});
