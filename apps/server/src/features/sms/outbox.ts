import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { SmsListFilter, SmsProvider, SmsRecord, SmsToSend } from "./provider.ts";

/** The sending number the outbox writes (no provider configured). */
export const OUTBOX_FROM = "+15005550006";

/**
 * No provider configured: each message is a JSON file under DATA_DIR/sms-outbox (`<time>-<sid>.json`:
 * sid, to, from, body, status_callback, date_created), appearing whole (written aside, then renamed). The
 * list reads them back, so an interrupted send is found there as it would be at the provider. Nothing
 * calls back: an outbox message stays `sent`.
 */
export class OutboxProvider implements SmsProvider {
  readonly name = "outbox" as const;
  readonly from = OUTBOX_FROM;
  constructor(private readonly dir: string) {}

  async send(message: SmsToSend): Promise<SmsRecord> {
    fs.mkdirSync(this.dir, { recursive: true });
    const sid = `SM${randomBytes(16).toString("hex")}`;
    const created = new Date();
    const file = path.join(this.dir, `${created.getTime()}-${sid}.json`);
    const record = {
      sid,
      to: message.to,
      from: this.from,
      body: message.body,
      status: "sent",
      status_callback: message.statusCallback ?? null,
      date_created: created.toISOString(),
    };
    fs.writeFileSync(`${file}.part`, JSON.stringify(record, null, 2));
    fs.renameSync(`${file}.part`, file);
    return toRecord(record);
  }

  async list(filter: SmsListFilter): Promise<SmsRecord[]> {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir).filter((n) => n.endsWith(".json"));
    } catch {
      return [];
    }
    const out: SmsRecord[] = [];
    for (const name of names.sort().reverse()) {
      try {
        const record = toRecord(JSON.parse(fs.readFileSync(path.join(this.dir, name), "utf8")));
        if (filter.to && record.to !== filter.to) continue;
        if (filter.from && record.from !== filter.from) continue;
        if (filter.dateSentAfter && record.dateSent && record.dateSent < filter.dateSentAfter) continue;
        out.push(record);
      } catch {
        // not one of ours
      }
    }
    return out;
  }

  verifySignature(): boolean {
    return false;
  }
  parseStatus() {
    return null;
  }
  parseIncoming() {
    return null;
  }
}

function toRecord(value: {
  sid: string;
  to: string;
  from: string;
  body: string;
  status: string;
  date_created: string;
}): SmsRecord {
  const created = new Date(value.date_created);
  return {
    sid: value.sid,
    to: value.to,
    from: value.from,
    body: value.body,
    status: value.status,
    direction: "outbound-api",
    dateCreated: created,
    dateSent: created,
    errorCode: null,
  };
}
