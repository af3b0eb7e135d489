// The database probe behind GET /api/health (service.ts), on a clock and a database the test controls: while a
// busy database holds a probe, only the request that started it waits; the others answer from the last success.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DatabaseProbe } from "./service.ts";

describe("the health check's database probe", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A probe on a clock the test sets and a database that answers only the first probe, after that first check. */
  const answeredOnce = async () => {
    let clock = 0;
    let answer: (() => void) | undefined;
    const probe = new DatabaseProbe(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
      () => clock,
    );
    // The first check finds no success yet: it waits for its probe, which the database answers.
    const first = probe.check();
    answer?.();
    await first;
    return { probe, setClock: (ms: number) => (clock = ms) };
  };

  const settled = (p: Promise<unknown>) => {
    let done = false;
    p.then(
      () => (done = true),
      () => (done = true),
    );
    return () => done;
  };

  it("answers the requests that come while another's probe waits behind a busy database at once", async () => {
    const { probe, setClock } = await answeredOnce();
    // Two seconds on, the database is busy: the next probe is not answered.
    setClock(2_000);
    const starter = settled(probe.check());
    const others = [settled(probe.check()), settled(probe.check())];
    await vi.advanceTimersByTimeAsync(0);
    expect(others.map((done) => done())).toEqual([true, true]);
    expect(starter()).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(starter()).toBe(true);
  });

  it("still waits for a probe, and reports the database down, when the last success is 15 s old", async () => {
    const { probe, setClock } = await answeredOnce();
    setClock(2_000);
    void probe.check().catch(() => {});
    setClock(17_000);
    const late = probe.check();
    const outcome = late.then(
      () => "ok",
      (error: Error) => error.message,
    );
    const done = settled(late);
    await vi.advanceTimersByTimeAsync(50);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await outcome).toBe("The database is not answering.");
  });
});
