import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { MODEL_FILE } from "./engine.ts";

let version: string | undefined;

/** The committed model's version: the first 12 hex digits of model.json's SHA-256 (a re-analysis records it). */
export function modelVersion(): string {
  version ??= createHash("sha256").update(readFileSync(MODEL_FILE)).digest("hex").slice(0, 12);
  return version;
}
