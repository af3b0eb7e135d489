// Measures the engine on held-out training sentences: 5-fold cross-validation over distinct sentence texts
// (the 2015 set repeats most 2014 sentences, so folds are cut by text and a test sentence never reaches the
// lexicon it is measured with). Each fold builds a lexicon from the other four, from both years.
// Run: cd apps/server && npx tsx src/features/analysis/evaluate.ts [--folds=5] [--no-unknown] [--no-implied]
//      [--decay=0.25] [--band=0.05]
//      [--split=years] [--no-fallback] [--opinions=both|learnt|wink] [--share=0.4] [--confusion]
import { type LabelledSentence, readTrainingData } from "./absa-data.ts";
import { type AnalyzerOptions, createAnalyzer, type Mention, type Sentiment } from "./engine.ts";
import { keywordOf } from "./lexicon.ts";
import { buildLexicon } from "./lexicon-builder.ts";
import { tokenize } from "./nlp.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key = "", value = "true"] = arg.replace(/^--/, "").split("=");
    return [key, value] as const;
  }),
);
const folds = Number(args.get("folds") ?? 5);
const options: AnalyzerOptions = {
  unknownNouns: !args.has("no-unknown"),
  impliedAspects: !args.has("no-implied"),
  distanceDecay: Number(args.get("decay") ?? 0.25),
  neutralBand: Number(args.get("band") ?? 0.05),
  sentenceFallback: !args.has("no-fallback"),
  opinionSource: (args.get("opinions") ?? "both") as AnalyzerOptions["opinionSource"],
};

function foldOf(text: string): number {
  let hash = 2166136261;
  for (const char of text.trim().toLowerCase()) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return (hash >>> 0) % folds;
}

class Tally {
  tp = 0;
  fp = 0;
  fn = 0;
  right = 0;
  judged = 0;
  f1(): string {
    const p = this.tp / Math.max(this.tp + this.fp, 1);
    const r = this.tp / Math.max(this.tp + this.fn, 1);
    const f = (2 * p * r) / Math.max(p + r, 1e-9);
    return `P ${(100 * p).toFixed(1)}  R ${(100 * r).toFixed(1)}  F1 ${(100 * f).toFixed(1)}`;
  }
  accuracy(): string {
    return `${((100 * this.right) / Math.max(this.judged, 1)).toFixed(1)}% of ${this.judged}`;
  }
}

/** The sentiment our mentions give a category: majority of its mentions, else the sentence's. */
function categorySentiment(mentions: Mention[], category: string, overall: Sentiment): Sentiment {
  const own = mentions.filter((m) => m.category === category);
  const sum = own.reduce((acc, m) => acc + (m.sentiment === "positive" ? 1 : m.sentiment === "negative" ? -1 : 0), 0);
  if (sum > 0) return "positive";
  if (sum < 0) return "negative";
  return own.length > 0 && own.every((m) => m.sentiment === "neutral") ? "neutral" : overall;
}

function goldCategories(sentence: LabelledSentence): Map<string, string> {
  const gold = new Map<string, string>();
  for (const { category, polarity } of sentence.categories) {
    if (category === null) continue;
    const before = gold.get(category);
    gold.set(category, before && before !== polarity ? "conflict" : polarity);
  }
  return gold;
}

const all = readTrainingData();
const results = { semeval2014: new Tally(), semeval2015: new Tally() };
const polarity = { semeval2014: new Tally(), semeval2015: new Tally() };
const polarityTwoWay = { semeval2014: new Tally(), semeval2015: new Tally() };
const terms = new Tally();
const termPolarity = new Tally();
const perCategory = new Map<string, Tally>();
const confusion = new Map<string, number>();

// --split=years: train on one year's file and test on the other's sentences whose text the first lacks.
const key = (s: LabelledSentence) => s.text.trim().toLowerCase();
const byYear = (train: LabelledSentence["source"]) => {
  const seen = new Set(all.filter((s) => s.source === train).map(key));
  return { train: all.filter((s) => s.source === train), test: all.filter((s) => !seen.has(key(s))) };
};
const splits =
  args.get("split") === "years"
    ? [byYear("semeval2014"), byYear("semeval2015")]
    : Array.from({ length: folds }, (_, fold) => ({
        train: all.filter((s) => foldOf(s.text) !== fold),
        test: all.filter((s) => foldOf(s.text) === fold),
      }));

for (const { train, test } of splits) {
  const analyze = createAnalyzer(buildLexicon(train, { minCategoryShare: Number(args.get("share") ?? 0.4) }), options);
  for (const sentence of test) {
    const analysis = analyze(sentence.text, "restaurant");
    const gold = goldCategories(sentence);
    const predicted = new Set(analysis.mentions.flatMap((m) => (m.category ? [m.category] : [])));
    const tally = results[sentence.source];
    // The 2014 scheme has no location category, so location is only judged on 2015 labels.
    if (sentence.source === "semeval2014") predicted.delete("location");
    for (const category of new Set([...gold.keys(), ...predicted])) {
      const row = perCategory.get(`${sentence.source} ${category}`) ?? new Tally();
      perCategory.set(`${sentence.source} ${category}`, row);
      for (const t of [tally, row]) {
        if (gold.has(category) && predicted.has(category)) t.tp += 1;
        else if (predicted.has(category)) t.fp += 1;
        else t.fn += 1;
      }
    }
    for (const [category, expected] of gold) {
      if (expected === "conflict") continue;
      const got = categorySentiment(analysis.mentions, category, analysis.sentiment);
      polarity[sentence.source].judged += 1;
      const cell = `${expected}→${got}${analysis.mentions.some((m) => m.category === category) ? "" : " (not found)"}`;
      confusion.set(cell, (confusion.get(cell) ?? 0) + 1);
      if (got === expected) polarity[sentence.source].right += 1;
      if (expected !== "neutral") {
        polarityTwoWay[sentence.source].judged += 1;
        if (got === expected) polarityTwoWay[sentence.source].right += 1;
      }
    }
    if (sentence.source === "semeval2014") {
      const tokens = tokenize(sentence.text).flatMap((s) => s.tokens);
      const goldTerms = new Map(
        sentence.terms.map((t) => [keywordOf(tokens.filter((k) => k.end > t.from && k.start < t.to)), t.polarity]),
      );
      const found = new Map(analysis.mentions.map((m) => [m.keyword, m.sentiment]));
      for (const key of new Set([...goldTerms.keys(), ...found.keys()])) {
        if (goldTerms.has(key) && found.has(key)) {
          terms.tp += 1;
          const expected = goldTerms.get(key);
          if (expected !== "conflict") {
            termPolarity.judged += 1;
            if (expected === found.get(key)) termPolarity.right += 1;
          }
        } else if (found.has(key)) terms.fp += 1;
        else terms.fn += 1;
      }
    }
  }
}

const out = (line: string) => process.stdout.write(`${line}\n`);
const how = args.get("split") === "years" ? "2014→unseen 2015 and 2015→unseen 2014" : `${folds}-fold by sentence text`;
out(`Held out: ${how}; options ${JSON.stringify(options)}`);
out("Category detection (food, service, value, atmosphere, location; anecdotes/general not counted):");
out(`  SemEval-2014 labels: ${results.semeval2014.f1()}`);
out(`  SemEval-2015 labels: ${results.semeval2015.f1()}`);
for (const [name, tally] of [...perCategory].sort()) out(`    ${name.padEnd(24)} ${tally.f1()}`);
out("Category polarity accuracy (gold categories, conflict excluded; 3-way / positive-negative only):");
out(`  SemEval-2014 labels: ${polarity.semeval2014.accuracy()} / ${polarityTwoWay.semeval2014.accuracy()}`);
out(`  SemEval-2015 labels: ${polarity.semeval2015.accuracy()} / ${polarityTwoWay.semeval2015.accuracy()}`);
if (args.has("confusion")) for (const [cell, n] of [...confusion].sort()) out(`    ${cell.padEnd(32)} ${n}`);
out(`Aspect terms as keywords (SemEval-2014, exact normalised match): ${terms.f1()}`);
out(`  polarity of matched terms (3-way): ${termPolarity.accuracy()}`);
