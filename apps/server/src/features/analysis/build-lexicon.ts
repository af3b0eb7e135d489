// Builds lexicon.json from the SemEval restaurant training sets (see /work/shared/data/README.md).
// Run: cd apps/server && npx tsx src/features/analysis/build-lexicon.ts [data dir]
import { writeFileSync } from "node:fs";
import { DEFAULT_DATA_DIR, readTrainingData } from "./absa-data.ts";
import { buildLexicon } from "./lexicon-builder.ts";

const sentences = readTrainingData(process.argv[2] ?? DEFAULT_DATA_DIR);
const lexicon = buildLexicon(sentences);
const json = `${JSON.stringify(lexicon)}\n`;
const target = new URL("./lexicon.json", import.meta.url);
writeFileSync(target, json);
process.stderr.write(
  `lexicon.json: ${Object.keys(lexicon.aspects).length} aspects, ${Object.keys(lexicon.heads).length} heads, ` +
    `${lexicon.generic.length} generic nouns, ${Object.keys(lexicon.cues).length} cues, ` +
    `${Object.keys(lexicon.opinions).length} opinion words, ${json.length} bytes from ${sentences.length} sentences\n`,
);
