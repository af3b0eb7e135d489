import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";

/**
 * The analysis runs in the server's process, on every review a sync, an import or a request's answer brings: a text
 * it never finishes would stop the server. Before this test, "Dr." in a review of a restaurant did (a title where
 * the vertical has no doctors started a run of nouns that did not move on). Every token below alone, every pair of
 * them, and each of them at the start, middle and end of real review sentences, in each vertical, must be analysed.
 * The texts run in a worker thread (the engine loaded through tsx's API, as its classes use TypeScript's parameter
 * properties), so that one that never ends fails the test (the worker is stopped) instead of holding it up.
 */
const TRICKY = [
  "Dr.",
  "dr",
  "DR.",
  "Mr.",
  "Mrs.",
  "St.",
  "e.g.",
  "U.S.",
  "&",
  "-",
  "--",
  "—",
  "'",
  "’s",
  "...",
  "!!",
  "?",
  ",",
  ";",
  "(",
  ")",
  "5",
  "4.5",
  "$20",
  "10%",
  "😀",
  "check-in",
  "front desk",
  "wait",
  "to",
  "the",
  "not",
  "but",
  "Dr. Patel",
];
const SENTENCES = [
  "The pad thai was amazing but the waiter was rude.",
  "Waited forty minutes for a cold burger; the manager never came.",
  "The front desk lost my insurance card though the nurse was kind.",
  "Oil change done in 20 minutes, fair price, friendly service advisor.",
];
const INDUSTRIES = ["restaurant", "healthcare", "automotive"];

function texts(): string[] {
  const out = [...TRICKY];
  for (const a of TRICKY) for (const b of TRICKY) out.push(`${a} ${b}`);
  for (const token of TRICKY) {
    for (const sentence of SENTENCES) {
      const words = sentence.split(" ");
      const middle = Math.floor(words.length / 2);
      out.push(`${token} ${sentence}`, `${sentence} ${token}`);
      out.push([...words.slice(0, middle), token, ...words.slice(middle)].join(" "));
    }
  }
  return out;
}

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
import("tsx/esm/api").then(({ tsImport }) => tsImport(workerData.engine, workerData.engine)).then(({ analyzeText }) => {
  let analysed = 0;
  for (let i = 0; i < workerData.cases.length; i++) {
    const c = workerData.cases[i];
    parentPort.postMessage({ started: i });
    const analysis = analyzeText(c.text, c.industry);
    if (analysis && Array.isArray(analysis.mentions)) analysed += 1;
  }
  parentPort.postMessage({ analysed });
}, (error) => parentPort.postMessage({ error: String(error) }));
`;

describe("analyzeText", () => {
  it("finishes on every text: titles, abbreviations, punctuation and symbols, alone and in sentences", async () => {
    const cases = texts().flatMap((text) => INDUSTRIES.map((industry) => ({ text, industry })));
    const engine = new URL("./engine.ts", import.meta.url).href;
    const worker = new Worker(WORKER, { eval: true, workerData: { engine, cases } });
    let started = -1;
    const outcome = await new Promise<{ analysed?: number; error?: string; stuck?: string }>((resolve) => {
      const timer = setTimeout(() => {
        const c = cases[started];
        resolve({ stuck: c ? `${JSON.stringify(c.text)} (${c.industry})` : "before the first text" });
      }, 60_000);
      worker.on("message", (m: { started?: number; analysed?: number; error?: string }) => {
        if (m.started !== undefined) started = m.started;
        else {
          clearTimeout(timer);
          resolve(m);
        }
      });
      worker.on("error", (error) => {
        clearTimeout(timer);
        resolve({ error: String(error) });
      });
    });
    await worker.terminate();
    expect(outcome.stuck, "the text analyzeText did not finish within 60 s").toBeUndefined();
    expect(outcome.error).toBeUndefined();
    expect(outcome.analysed).toBe(cases.length);
  }, 90_000);
});
