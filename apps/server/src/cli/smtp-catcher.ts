// A local SMTP server that keeps what it receives, for end-to-end tests and local runs, with an HTTP read-out.
//   tsx apps/server/src/cli/smtp-catcher.ts --smtp-port 3223 --http-port 3224
// SMTP (no TLS, no auth) on --smtp-port; HTTP on --http-port:
//   GET /messages          → [{ from, to, subject, raw, received_at }] (oldest first); ?to=<address> filters
//   DELETE /messages       → empties the inbox
//   GET /health            → "ok" (what a test runner waits for)
// Recipients whose local part starts with "reject" are refused at RCPT (550 5.1.1, a permanent rejection), those
// starting with "tempfail" answer 451 (a temporary failure), so tests can drive both outcomes.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SMTPServer } from "smtp-server";

export interface CaughtMessage {
  from: string;
  to: string[];
  subject: string;
  raw: string;
  received_at: string;
}

function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const m = /^Subject:[ \t]*(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  if (!m?.[1]) return "";
  const folded = m[1].replace(/\r?\n[ \t]+/g, " ").trim();
  // RFC 2047 encoded words (what nodemailer writes for non-ASCII subjects).
  return folded.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_w, _cs: string, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

export async function startSmtpCatcher({ smtpPort = 0, httpPort = 0, host = "127.0.0.1" } = {}) {
  const received: CaughtMessage[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const local = address.address.split("@")[0]?.toLowerCase() ?? "";
      if (local.startsWith("reject")) {
        const error = new Error("5.1.1 No such user") as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      if (local.startsWith("tempfail")) {
        const error = new Error("4.2.1 Try again later") as Error & { responseCode: number };
        error.responseCode = 451;
        return callback(error);
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: subjectOf(raw),
          raw,
          received_at: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  // A client that dies mid-conversation (the crash tests kill it) resets its connection: not the catcher's error.
  smtp.on("error", () => {});
  await new Promise<void>((resolve) => smtp.listen(smtpPort, host, resolve));
  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://catcher");
    if (url.pathname === "/health") return res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    if (url.pathname === "/messages" && req.method === "DELETE") {
      received.length = 0;
      return res.writeHead(204).end();
    }
    if (url.pathname === "/messages" && req.method === "GET") {
      const to = url.searchParams.get("to")?.toLowerCase();
      const list = to ? received.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : received;
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
    }
    return res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => web.listen(httpPort, host, resolve));
  return {
    received,
    smtpUrl: `smtp://${host}:${(smtp.server.address() as AddressInfo).port}`,
    httpUrl: `http://${host}:${(web.address() as AddressInfo).port}`,
    close: () =>
      Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => web.close(() => resolve())),
      ]).then(() => undefined),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { "smtp-port": { type: "string" }, "http-port": { type: "string" } } });
  const catcher = await startSmtpCatcher({
    smtpPort: Number(values["smtp-port"] ?? 2525),
    httpPort: Number(values["http-port"] ?? 2526),
  });
  console.log(`SMTP catcher: ${catcher.smtpUrl}, messages at ${catcher.httpUrl}/messages`);
  const stop = () => void catcher.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
