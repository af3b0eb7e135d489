// Text analysis from the command line (docs/product/decisions.md): JSON lines {"id","text","industry"} on stdin,
// {"id","mentions":[{"keyword","category","sentiment"}]} lines on stdout, one per input line, in order.
// A bad line answers {"id", "error"} and the run goes on. Nothing else is written to stdout.
// Run: npm run --silent analyze < in.jsonl > out.jsonl
import { createInterface } from "node:readline";
import { analyzeText } from "../features/analysis/engine.ts";

type Answer = { id: unknown; mentions: unknown[] } | { id: unknown; error: string };

/** The id of a line that is not valid JSON, when one can still be read from it, so the error can be matched. */
function salvageId(line: string): unknown {
  const match = /"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?)/.exec(line);
  if (!match?.[1]) return null;
  try {
    return JSON.parse(match[1]);
  } catch {
    return null;
  }
}

function analyzeLine(line: string): Answer {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return { id: salvageId(line), error: "invalid JSON" };
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { id: null, error: "expected a JSON object" };
  }
  const { id = null, text, industry = "restaurant" } = input as Record<string, unknown>;
  if (typeof text !== "string") return { id, error: "text must be a string" };
  if (typeof industry !== "string") return { id, error: "industry must be a string" };
  try {
    const { mentions } = analyzeText(text, industry);
    return { id, mentions: mentions.map(({ keyword, category, sentiment }) => ({ keyword, category, sentiment })) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

async function main(): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const answer = `${JSON.stringify(analyzeLine(line))}\n`;
    if (!process.stdout.write(answer)) await new Promise((resolve) => process.stdout.once("drain", resolve));
  }
}

await main();
