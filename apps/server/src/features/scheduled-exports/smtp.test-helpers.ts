// A real SMTP server on a loopback port for the delivery tests: keeps each message, and can refuse for a while
// (a temporary 451, as a busy mail server does) to hold deliveries back.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone (enough to read links). */
  text: string;
  subject: string;
}

export function decodeQuotedPrintable(raw: string) {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

export async function startSmtp() {
  const received: Received[] = [];
  let refusing = false;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusing) {
        refused += 1;
        const err = new Error("Try again later") as Error & { responseCode: number };
        err.responseCode = 451;
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const text = decodeQuotedPrintable(raw);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    refuse(on: boolean) {
      refusing = on;
    },
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (or the time runs out), then a little longer so that a duplicate would show. */
export async function settle(check: () => boolean, { timeoutMs = 20_000, quietMs = 2000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await sleep(100);
  await sleep(quietMs);
}
