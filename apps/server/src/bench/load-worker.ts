// The load generator, forked by load.ts in a process of its own: so that it does not share the
// server's event loop. Takes one LoadJob from the parent, drives it with autocannon (a warm-up run,
// then the measured run), sends back the LoadMeasurement (or the error) and exits.
import autocannon from "autocannon";
import type { LoadJob, LoadMeasurement } from "./load.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * When autocannon stops it drops the requests still in flight, but the server goes on working on
 * them: waits until GET /api/health (which queries the database) answers as fast as on the idle
 * server three times in a row, so the next run does not start behind that leftover work.
 */
async function settle(job: LoadJob) {
  const deadline = Date.now() + 120_000;
  for (let fast = 0; fast < 3 && Date.now() < deadline; ) {
    const start = performance.now();
    const res = await fetch(job.healthUrl);
    await res.arrayBuffer();
    fast = performance.now() - start <= job.idleMs ? fast + 1 : 0;
    await sleep(20);
  }
}

/** Sets each request's path to the next of `paths`, in turn across all connections. */
function nextPath(paths: string[]) {
  let i = 0;
  return (request: { path?: string }) => {
    request.path = paths[i++ % paths.length];
    return request;
  };
}

async function measure(job: LoadJob): Promise<LoadMeasurement> {
  const options = {
    url: job.url,
    method: job.method,
    headers: job.headers,
    connections: job.connections,
    // A slow answer is measured, not dropped and sent again: no request times out within a run.
    timeout: job.warmup + job.duration + 10,
    ...(job.body === undefined ? {} : { body: job.body }),
    ...(job.paths === undefined ? {} : { requests: [{ setupRequest: nextPath(job.paths) }] }),
  };
  if (job.warmup > 0) {
    await autocannon({ ...options, duration: job.warmup });
    await settle(job);
  }
  const r = await autocannon({ ...options, duration: job.duration });
  await settle(job);
  const statuses: Record<string, number> = {};
  for (const [status, stat] of Object.entries(r.statusCodeStats ?? {})) {
    if (!status.startsWith("2")) statuses[status] = stat.count ?? 0;
  }
  return {
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    answers: r.requests.total,
    ok: r["2xx"],
    non2xx: r.non2xx,
    statuses,
    errors: r.errors,
    timeouts: r.timeouts,
    seconds: r.duration,
  };
}

process.once("message", (job: LoadJob) => {
  const reply = (answer: { measurement?: LoadMeasurement; error?: string }, code: number) =>
    process.send?.(answer, () => process.exit(code));
  measure(job).then(
    (measurement) => reply({ measurement }, 0),
    (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }, 1),
  );
});
