// Learns a Lexicon from labelled review sentences. Used by build-lexicon.ts (all training data → lexicon.json)
// and by evaluate.ts (one fold's training part → a lexicon measured on the held-out part).
import type { LabelledSentence, Polarity } from "./absa-data.ts";
import { keywordOf, type Lexicon } from "./lexicon.ts";
import { type Token, tokenize } from "./nlp.ts";

const NONE = "-";
const OPINION_POS = new Set(["ADJ", "VERB", "ADV", "INTJ", "NOUN"]);
const CUE_POS = new Set(["ADJ", "VERB", "ADV"]);

type Counts = Map<string, Map<string, number>>;

function bump(counts: Counts, key: string, sub: string, by = 1): void {
  let inner = counts.get(key);
  if (!inner) {
    inner = new Map();
    counts.set(key, inner);
  }
  inner.set(sub, (inner.get(sub) ?? 0) + by);
}

function top(inner: Map<string, number>): { key: string; count: number; total: number } {
  let key = NONE;
  let count = 0;
  let total = 0;
  for (const [k, v] of inner) {
    total += v;
    if (v > count) [key, count] = [k, v];
  }
  return { key, count, total };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The overall polarity of a sentence when its labels agree, else undefined. */
function sentencePolarity(sentence: LabelledSentence): "positive" | "negative" | undefined {
  const labels = new Set<Polarity>([...sentence.categories, ...sentence.terms].map((label) => label.polarity));
  if (labels.has("positive") && !labels.has("negative") && !labels.has("conflict")) return "positive";
  if (labels.has("negative") && !labels.has("positive") && !labels.has("conflict")) return "negative";
  return undefined;
}

export type BuildOptions = {
  minCueSupport?: number;
  minCuePrecision?: number;
  minOpinionSupport?: number;
  /** A term gets a category when at least this share of the sentences mentioning it carry that category. */
  minCategoryShare?: number;
};

export function buildLexicon(sentences: readonly LabelledSentence[], options: BuildOptions = {}): Lexicon {
  const minCueSupport = options.minCueSupport ?? 5;
  const minOpinionSupport = options.minOpinionSupport ?? 3;
  const minCuePrecision = options.minCuePrecision ?? 0.8;
  const minCategoryShare = options.minCategoryShare ?? 0.4;
  const tokenized: { tokens: Token[]; categories: string[] }[] = [];
  const nounUse: Counts = new Map();
  const cueCategories: Counts = new Map();
  const opinionUse: Counts = new Map();
  const aspectKeys = new Map<string, number>();
  const polarityTotals = { positive: 0, negative: 0 };

  for (const sentence of sentences) {
    const tokens: Token[] = tokenize(sentence.text).flatMap((s) => s.tokens);
    const sentenceCategories = [...new Set(sentence.categories.map((c) => c.category ?? NONE))];
    tokenized.push({ tokens, categories: sentenceCategories });
    const inAspect = new Set<number>();

    for (const term of sentence.terms) {
      const span = tokens.filter((t) => t.end > term.from && t.start < term.to);
      const key = keywordOf(span);
      if (!key) continue;
      span.forEach((t) => {
        inAspect.add(t.start);
      });
      aspectKeys.set(key, (aspectKeys.get(key) ?? 0) + 1);
    }

    const polarity = sentencePolarity(sentence);
    if (polarity) polarityTotals[polarity] += 1;
    const seen = new Set<string>();
    for (const token of tokens) {
      if (!/^[a-z][a-z'-]+$/.test(token.lemma)) continue;
      if (token.pos === "NOUN") bump(nounUse, token.lemma, inAspect.has(token.start) ? "aspect" : "other");
      if (seen.has(token.lemma)) continue;
      seen.add(token.lemma);
      if (CUE_POS.has(token.pos) && !token.stopWord) {
        for (const category of sentenceCategories) bump(cueCategories, token.lemma, category);
        bump(cueCategories, token.lemma, "#sentences");
      }
      if (polarity && OPINION_POS.has(token.pos) && !inAspect.has(token.start)) {
        const flipped = token.negated ? (polarity === "positive" ? "negative" : "positive") : polarity;
        bump(opinionUse, token.lemma, flipped);
      }
    }
  }

  // A term's category is the one most often labelled in the sentences that mention it, labelled or not:
  // "place" is labelled an aspect mostly when it is about ambience, yet most sentences with "place" are not.
  const occurrences: Counts = new Map();
  for (const { tokens, categories } of tokenized) {
    const found = new Set<string>();
    for (let i = 0; i < tokens.length; i += 1) {
      const token = tokens[i] as Token;
      if (token.pos === "NOUN") found.add(`head:${token.lemma}`);
      for (let length = 1; length <= 4 && i + length <= tokens.length; length += 1) {
        const key = keywordOf(tokens.slice(i, i + length));
        if (aspectKeys.has(key)) found.add(key);
      }
    }
    for (const key of found) {
      bump(occurrences, key, "#n");
      for (const category of categories) if (category !== NONE) bump(occurrences, key, category);
    }
  }
  const categoryOf = (key: string, minimum: number): string | null => {
    const inner = new Map(occurrences.get(key));
    const n = inner.get("#n") ?? 0;
    inner.delete("#n");
    const best = top(inner);
    return n >= minimum && best.count / n >= minCategoryShare ? best.key : null;
  };

  const aspects: Lexicon["aspects"] = {};
  for (const [key, count] of aspectKeys) aspects[key] = [categoryOf(key, 1), count];
  const heads: Lexicon["heads"] = {};
  for (const key of occurrences.keys()) {
    if (!key.startsWith("head:")) continue;
    const category = categoryOf(key, 3);
    if (category) heads[key.slice(5)] = category;
  }

  const generic: string[] = [];
  for (const [lemma, inner] of nounUse) {
    const asAspect = inner.get("aspect") ?? 0;
    const total = asAspect + (inner.get("other") ?? 0);
    // A noun that is seldom the aspect where it appears ("time", "night") is generic even if it sometimes is.
    if (total >= 3 && asAspect / total < (total >= 8 ? 0.2 : 0.1)) {
      generic.push(lemma);
      delete heads[lemma];
      if ((aspects[lemma]?.[1] ?? 0) < 3) delete aspects[lemma];
    }
  }

  const cues: Lexicon["cues"] = {};
  for (const [lemma, inner] of cueCategories) {
    const total = inner.get("#sentences") ?? 0;
    inner.delete("#sentences");
    inner.delete(NONE);
    const best = top(inner);
    if (total >= minCueSupport && best.count / total >= minCuePrecision) cues[lemma] = best.key;
  }

  // Opinion strength: how much more often a word shows up in positive than in negative sentences, with each
  // side normalised by how many such sentences there are, shrunk towards 0 for rarely seen words.
  const opinions: Lexicon["opinions"] = {};
  const { positive: allPositive, negative: allNegative } = polarityTotals;
  for (const [lemma, inner] of opinionUse) {
    const positive = inner.get("positive") ?? 0;
    const negative = inner.get("negative") ?? 0;
    const support = positive + negative;
    if (support < minOpinionSupport) continue;
    const p = positive / Math.max(allPositive, 1);
    const n = negative / Math.max(allNegative, 1);
    const score = ((p - n) / (p + n)) * (support / (support + 3));
    // Nouns are mostly topics, not opinions ("birthday" is not praise), so they need more evidence.
    const noun = nounUse.has(lemma);
    if (Math.abs(score) >= (noun ? 0.6 : 0.3) && (!noun || support >= 8)) opinions[lemma] = round(score);
  }

  return {
    source: "SemEval-2014 Task 4 and SemEval-2015 Task 12 restaurant training sentences; see build-lexicon.ts",
    aspects: Object.fromEntries(Object.entries(aspects).sort(([a], [b]) => a.localeCompare(b))),
    heads: Object.fromEntries(Object.entries(heads).sort(([a], [b]) => a.localeCompare(b))),
    generic: generic.sort(),
    cues: Object.fromEntries(Object.entries(cues).sort(([a], [b]) => a.localeCompare(b))),
    opinions: Object.fromEntries(Object.entries(opinions).sort(([a], [b]) => a.localeCompare(b))),
  };
}
