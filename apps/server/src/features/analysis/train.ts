// Rebuilds model.json (the trained category and polarity models the engine loads) from the SemEval restaurant
// training sentences in <repo>/../shared/data/absa. Deterministic: the same data gives the same file.
// Hyperparameters (L2 penalties, category thresholds) are chosen by 3-fold cross-validation on the data.
// Run: npm run --workspace @starboard/server train:analysis [-- --data=<dir>]
import { writeFileSync } from "node:fs";
import { DEFAULT_DATA_DIR, goldSentences, readTrainingData } from "./absa-data.ts";
import { MODEL_FILE } from "./engine.ts";
import { readGold, selectOptions, trainModel } from "./model.ts";

const dataDir = process.argv.find((arg) => arg.startsWith("--data="))?.slice("--data=".length) ?? DEFAULT_DATA_DIR;
const started = performance.now();
const log = (line: string) => process.stderr.write(`${line}\n`);

const gold = goldSentences(readTrainingData(dataDir));
const data = readGold(gold);
log(`train:analysis: ${data.length} distinct sentences from ${dataDir}`);
const selection = selectOptions(data);
log(
  `  chosen by 3-fold CV: category L2 ${selection.options.category.l2}, polarity L2 ${selection.options.polarity.l2}, ` +
    `thresholds ${selection.options.thresholds.join("/")} (inner F1 ${selection.categoryF1.toFixed(2)}, ` +
    `accuracy ${selection.polarityAccuracy.toFixed(2)})`,
);
const model = trainModel(data, selection.options);
const stored = model.store(
  "Trained by train.ts (npm run train:analysis) on the SemEval-2014 Task 4 and SemEval-2015 Task 12 restaurant " +
    "training sentences; see model.ts.",
  selection.options,
);
const json = `${JSON.stringify(stored)}\n`;
writeFileSync(MODEL_FILE, json);
log(
  `  wrote ${MODEL_FILE.pathname.split("/").slice(-1)[0]}: ${stored.category.features.length} category and ` +
    `${stored.polarity.features.length} polarity features, ${(json.length / 1024).toFixed(0)} KiB, ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
