import { once } from "node:events";
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";

/**
 * The thread that writes a large export (service.ts `writeInThread`): the reviews, which reach millions
 * of rows. It runs the plan's two compiled batch statements (the first batch; the batch after a key) on
 * a connection of its own, each row one CSV line built by the database, and appends the lines to the
 * file. In a thread with a small heap of its own, the garbage of a long export is collected as it goes
 * instead of growing the server's heap (V8 lets a large heap grow by several times its live size
 * before a full collection), and the HTTP event loop only hears the running row count.
 *
 * Plain Node runs this file (a worker is not under the app's TypeScript tooling in every host):
 * erasable syntax only, and nothing of the app is imported.
 */

/** What service.ts passes as workerData. */
export interface CsvThreadData {
  connectionString: string;
  /** The file to write, created (truncated). */
  path: string;
  /** The header line, with its line break. */
  header: string;
  /** The two columns of a row's key (the keyset the next batch starts after). */
  keyColumns: [string, string];
  /** The first batch: a statement answering the key's columns and `line` (the row's CSV), in export order. */
  first: { sql: string; parameters: unknown[] };
  /** The batch after a key: the same statement with the key's two values at `keyIndexes` of its parameters. */
  next: { sql: string; parameters: unknown[]; keyIndexes: [number, number] };
  /** Rows per batch (the statements' LIMIT): a shorter batch is the last. */
  batchRows: number;
}

export type FromCsvThread =
  /** Rows written so far (after each batch). */
  { type: "progress"; rows: number } | { type: "done"; rows: number } | { type: "error"; message: string };

const parent = parentPort;
if (!parent) throw new Error("csv-thread.ts runs as a worker thread (started by exports/service.ts)");
const data = workerData as CsvThreadData;
const send = (message: FromCsvThread) => parent.postMessage(message);

async function write() {
  const client = new pg.Client({ connectionString: data.connectionString });
  await client.connect();
  const out = fs.createWriteStream(data.path);
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  let rows = 0;
  try {
    await put(data.header);
    let key: [string, string] | null = null;
    for (;;) {
      let statement: { name: string; text: string; values: unknown[] };
      if (key) {
        const values = data.next.parameters.slice();
        values[data.next.keyIndexes[0]] = key[0];
        values[data.next.keyIndexes[1]] = key[1];
        statement = { name: "export_next", text: data.next.sql, values };
      } else {
        statement = { name: "export_first", text: data.first.sql, values: data.first.parameters };
      }
      const result = await client.query<Record<string, string>>(statement);
      const batch = result.rows;
      if (batch.length === 0) break;
      let text = "";
      for (const row of batch) text += `${row.line}\n`;
      await put(text);
      rows += batch.length;
      send({ type: "progress", rows });
      if (batch.length < data.batchRows) break;
      const last = batch[batch.length - 1]!;
      key = [last[data.keyColumns[0]]!, last[data.keyColumns[1]]!];
    }
    out.end();
    await once(out, "finish");
    send({ type: "done", rows });
  } finally {
    out.destroy();
    await client.end();
  }
}

write().catch((error: unknown) =>
  send({ type: "error", message: error instanceof Error ? error.message : String(error) }),
);
