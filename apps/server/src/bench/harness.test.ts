import pg from "pg";
import { describe, expect, it } from "vitest";
import { startTestApp } from "../test/harness.ts";
import { type BenchCase, type BenchEnv, runSuites } from "./harness.ts";

/** How often the harness calls a case and its baseline: warm-ups first, then the timed calls. */
async function callsOf(c: Omit<BenchCase, "run" | "name">, options: { iterations: number; warmup: number }) {
  const calls = { run: 0, baseline: 0 };
  const suite = {
    name: "s",
    description: "",
    setup: async (): Promise<BenchCase[]> => [
      {
        name: "c",
        run: async () => calls.run++,
        baseline: { name: "b", run: async () => calls.baseline++ },
        ...c,
      },
    ],
  };
  const [result] = await runSuites([suite], {} as BenchEnv, options);
  return { calls, timed: result?.stats.iterations, baselineTimed: result?.baseline?.stats.iterations };
}

describe("the bench harness", () => {
  it("warms a case up as often as asked, never more often than it is timed", async () => {
    expect(await callsOf({}, { iterations: 10, warmup: 3 })).toEqual({
      calls: { run: 13, baseline: 13 },
      timed: 10,
      baselineTimed: 10,
    });
    expect((await callsOf({ iterations: 2 }, { iterations: 500, warmup: 50 })).calls).toEqual({ run: 4, baseline: 4 });
  });

  it("a case timed once from cold (warmup 0) does its work on the timed call, and so does its baseline", async () => {
    expect(await callsOf({ iterations: 1, warmup: 0 }, { iterations: 500, warmup: 50 })).toEqual({
      calls: { run: 1, baseline: 1 },
      timed: 1,
      baselineTimed: 1,
    });
  });

  it("runs a case's `before` untimed ahead of each of its calls, and not ahead of the baseline's", async () => {
    const order: string[] = [];
    const suite = {
      name: "s",
      description: "",
      setup: async (): Promise<BenchCase[]> => [
        {
          name: "c",
          before: async () => {
            order.push("before");
            await new Promise((resolve) => setTimeout(resolve, 200));
          },
          run: async () => order.push("run"),
          baseline: { name: "b", run: async () => order.push("baseline") },
        },
      ],
    };
    const [result] = await runSuites([suite], {} as BenchEnv, { iterations: 3, warmup: 1 });
    expect(order).toEqual([
      "before",
      "run",
      "before",
      "run",
      "before",
      "run",
      "before",
      "run",
      ...Array(4).fill("baseline"),
    ]);
    // The 200 ms of `before` are not in the figures.
    expect(result!.stats.max).toBeLessThan(100);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "leaves the database it built in place with --keep-database, and drops it without",
    async () => {
      const admin = async (text: string, values: unknown[] = []) => {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        try {
          return await client.query(text, values);
        } finally {
          await client.end();
        }
      };
      const exists = async (url: string) =>
        (await admin("SELECT 1 FROM pg_database WHERE datname = $1", [new URL(url).pathname.slice(1)])).rowCount === 1;
      const kept = await startTestApp({ workers: false, keepDatabase: true });
      const keptUrl = kept.ctx.database.connectionString;
      await kept.close();
      expect(await exists(keptUrl)).toBe(true);
      await admin(`DROP DATABASE ${new URL(keptUrl).pathname.slice(1)} WITH (FORCE)`);

      const dropped = await startTestApp({ workers: false });
      const droppedUrl = dropped.ctx.database.connectionString;
      await dropped.close();
      expect(await exists(droppedUrl)).toBe(false);
    },
  );
});
