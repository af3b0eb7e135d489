// The trained models: which categories a sentence talks about (one logistic regression per category,
// one-vs-rest), and the polarity of a category in a sentence (softmax over positive/negative/neutral).
// Both are trained from SemEval restaurant sentences (`train.ts` writes model.json; `evaluate.ts` measures them
// by cross-validation). Pure TypeScript: `linear.ts` does the learning, `features.ts` the reading.

import { type GoldSentence, MODEL_CATEGORIES, type ModelCategory } from "./absa-data.ts";
import { Association, associationFeatures, type StoredAssociation } from "./association.ts";
import {
  categoryFeatures,
  focusFeatures,
  type Prepared,
  prepare,
  sentenceOpinionFeatures,
  singular,
  tokenCategoryFeatures,
} from "./features.ts";
import { keywordOf } from "./keywords.ts";
import {
  type BatchOptions,
  fit,
  type LinearModel,
  load,
  rounded,
  type StoredLinear,
  scores,
  seededRandom,
  shuffle,
  sigmoid,
  softmax,
  store,
  Vocabulary,
} from "./linear.ts";
import { tokenize } from "./nlp.ts";
import { RESTAURANT_WORDS } from "./restaurant-words.ts";

export const POLARITIES = ["positive", "negative", "neutral"] as const;
export type ModelPolarity = (typeof POLARITIES)[number];

export type ModelOptions = {
  category: BatchOptions;
  polarity: BatchOptions;
  /** Per category (MODEL_CATEGORIES order): detected when its probability reaches this; the likeliest always is. */
  thresholds: number[];
  /** Features seen in fewer training sentences than this are dropped. */
  minCount: number;
};

export const DEFAULT_OPTIONS: ModelOptions = {
  category: { l2: 1, iterations: 200 },
  polarity: { l2: 1, iterations: 200 },
  thresholds: [0.4, 0.4, 0.4, 0.4, 0.4],
  minCount: 2,
};

/** The hyperparameters nested validation chooses from (`selectOptions`). */
export const GRID = {
  categoryL2: [1, 3, 10],
  polarityL2: [1, 3, 10],
  thresholds: [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7],
};

export type StoredModel = {
  about: string;
  version: 1;
  options: ModelOptions;
  categories: readonly string[];
  polarities: readonly string[];
  category: StoredLinear & { association: StoredAssociation };
  polarity: StoredLinear & { association: StoredAssociation };
  /** Multi-word aspect terms annotated in at least two training sentences ("pad thai"), as keywords. */
  terms: string[];
};

type Part = { vocabulary: Vocabulary; model: LinearModel; association: Association };

/** A sentence read once: its tokens prepared, with the category-free opinion features cached. */
export type Reading = { prepared: Prepared; opinion: string[] };

export function read(prepared: Prepared): Reading {
  return { prepared, opinion: sentenceOpinionFeatures(prepared) };
}

/** Reads one sentence of text (or a short text as one unit: its sentences' tokens joined). */
export function readText(text: string): Reading {
  const tokens = tokenize(text).flatMap((sentence) => sentence.tokens);
  return read(prepare(tokens, text));
}

export class AbsaModel {
  constructor(
    readonly category: Part,
    readonly polarity: Part,
    readonly thresholds: readonly number[],
    readonly terms: ReadonlySet<string> = new Set(),
  ) {}

  static load(stored: StoredModel): AbsaModel {
    return new AbsaModel(
      { ...load(stored.category), association: Association.load(stored.category.association) },
      { ...load(stored.polarity), association: Association.load(stored.polarity.association) },
      stored.options.thresholds,
      new Set(stored.terms),
    );
  }

  store(about: string, options: ModelOptions): StoredModel {
    return {
      about,
      version: 1,
      options,
      categories: MODEL_CATEGORIES,
      polarities: POLARITIES,
      category: {
        ...store(this.category.model, this.category.vocabulary),
        association: this.category.association.store(2),
      },
      polarity: {
        ...store(this.polarity.model, this.polarity.vocabulary),
        association: this.polarity.association.store(2),
      },
      terms: [...this.terms].sort(),
    };
  }

  /** Probability of each category, in MODEL_CATEGORIES order. */
  categoryProbabilities(reading: Reading): number[] {
    const x = this.category.vocabulary.encode(allCategoryFeatures(reading.prepared, this.category.association));
    const out = scores(this.category.model, x, new Float64Array(MODEL_CATEGORIES.length));
    return [...out].map(sigmoid);
  }

  /** The categories a sentence talks about: those at or over their threshold, else the likeliest one. */
  detect(reading: Reading): ModelCategory[] {
    return detectFrom(this.categoryProbabilities(reading), this.thresholds);
  }

  /** How strongly each token points at a category (sum of its unigram weights for that category). */
  tokenRelevance(prepared: Prepared, category: ModelCategory): Float64Array {
    const k = MODEL_CATEGORIES.indexOf(category);
    const { vocabulary, model } = this.category;
    const relevance = new Float64Array(prepared.length);
    for (let i = 0; i < prepared.length; i += 1) {
      let sum = 0;
      for (const name of tokenCategoryFeatures(prepared, i)) {
        const column = vocabulary.index.get(name);
        if (column !== undefined) sum += model.weights[column * model.classes + k] as number;
      }
      relevance[i] = sum;
    }
    return relevance;
  }

  /** The clause of the sentence most about a category (by the category model's word weights); null for one clause. */
  focusOf(prepared: Prepared, category: ModelCategory): boolean[] | null {
    const unit = prepared.clause;
    const units = prepared.clauses;
    if (units < 2) return null;
    const relevance = this.tokenRelevance(prepared, category);
    const sums = new Float64Array(units);
    for (let i = 0; i < prepared.length; i += 1) {
      const r = relevance[i] as number;
      const u = unit[i] as number;
      if (r > 0) sums[u] = (sums[u] as number) + r;
    }
    let best = -1;
    let bestSum = 0.5;
    sums.forEach((sum, b) => {
      if (sum > bestSum) {
        best = b;
        bestSum = sum;
      }
    });
    if (best < 0) return null;
    return unit.map((b) => b === best);
  }

  /** Probabilities (POLARITIES order) of a category's polarity, its opinion read in `focus` (null: all). */
  polarityProbabilities(reading: Reading, category: ModelCategory | null, focus: boolean[] | null): number[] {
    const features = polarityFeatures(reading, category, focus, this.polarity.association);
    const x = this.polarity.vocabulary.encode(features);
    const out = softmax(scores(this.polarity.model, x, new Float64Array(POLARITIES.length)));
    let probabilities = [...out];
    // When the model is unsure, the lexicon (negation applied: "not bad" reads positive) breaks the tie.
    if (Math.max(...probabilities) < UNSURE) {
      const net = lexiconNet(reading.prepared, focus);
      if (Math.abs(net) >= LEXICON_CLEAR) {
        const [positive = 0, negative = 0, neutral = 0] = probabilities;
        const top = Math.max(positive, negative, neutral);
        probabilities = net > 0 ? [top + 0.01, negative, neutral] : [positive, top + 0.01, neutral];
        const sum = probabilities.reduce((a, b) => a + b, 0);
        probabilities = probabilities.map((p) => p / sum);
      }
    }
    // A sarcasm marker ("oh great, another hour-long wait", "thanks for nothing", "/s") makes it a complaint.
    if (reading.prepared.sarcasm) {
      const [positive = 0, negative = 0, neutral = 0] = probabilities;
      return [Math.min(positive, negative), Math.max(positive, negative) + neutral, 0];
    }
    return probabilities;
  }

  /** The polarity of a category in a sentence, reading the part of the sentence that is about it. */
  polarityOf(reading: Reading, category: ModelCategory): ModelPolarity {
    const focus = this.focusOf(reading.prepared, category);
    return argmaxPolarity(this.polarityProbabilities(reading, category, focus));
  }
}

/** Below this top probability the polarity model is unsure. */
const UNSURE = 0.5;
/** A lexicon total at least this far from 0 is a clear opinion. */
const LEXICON_CLEAR = 0.3;

/** Positive minus negative lexicon score (negation and intensifiers applied) over `focus` or the whole sentence. */
function lexiconNet(prepared: Prepared, focus: boolean[] | null): number {
  let net = 0;
  for (let i = 0; i < prepared.length; i += 1) if (!focus || focus[i]) net += prepared.prior[i] as number;
  return net;
}

export function argmaxPolarity(probabilities: readonly number[]): ModelPolarity {
  let best = 0;
  for (let k = 1; k < probabilities.length; k += 1)
    if ((probabilities[k] as number) > (probabilities[best] as number)) best = k;
  return POLARITIES[best] as ModelPolarity;
}

export function detectFrom(probabilities: readonly number[], thresholds: readonly number[]): ModelCategory[] {
  const found: ModelCategory[] = [];
  let best = 0;
  probabilities.forEach((p, k) => {
    if (p >= (thresholds[k] as number)) found.push(MODEL_CATEGORIES[k] as ModelCategory);
    if (p > (probabilities[best] as number)) best = k;
  });
  if (found.length === 0) found.push(MODEL_CATEGORIES[best] as ModelCategory);
  return found;
}

/** How many words of each hand-written category list the sentence has. */
function lexiconCategoryFeatures(prepared: Prepared, out: string[]): void {
  for (const [category, list] of Object.entries(RESTAURANT_WORDS)) {
    let count = 0;
    for (let i = 0; i < prepared.length; i += 1) {
      const normal = prepared.normals[i] as string;
      if (
        prepared.word[i] &&
        (list.has(prepared.lemmas[i] as string) || list.has(normal) || list.has(singular(normal)))
      ) {
        count += 1;
      }
    }
    out.push(`D:${category}:${Math.min(count, 3)}`);
  }
}

/** The words association lexicons are kept for: lemmas and lemma bigrams. */
export function associationWords(prepared: Prepared, include?: (i: number) => boolean): string[] {
  const words: string[] = [];
  let last = "";
  for (let i = 0; i < prepared.length; i += 1) {
    if (!prepared.word[i] || (include && !include(i))) continue;
    const lemma = prepared.lemmas[i] as string;
    words.push(lemma);
    if (last) words.push(`${last} ${lemma}`);
    last = lemma;
  }
  return words;
}

function allCategoryFeatures(prepared: Prepared, association: Association, own?: readonly number[]): string[] {
  const out = categoryFeatures(prepared);
  lexiconCategoryFeatures(prepared, out);
  associationFeatures(association, associationWords(prepared), "A:", out, own);
  return out;
}

/** Negation-marked lemmas and bigrams, for the opinion association lexicon. */
export function opinionWords(prepared: Prepared, focus?: boolean[] | null): string[] {
  const words: string[] = [];
  let last = "";
  for (let i = 0; i < prepared.length; i += 1) {
    if (!prepared.word[i] || (focus && !focus[i])) continue;
    const lemma = prepared.negated[i] ? `!${prepared.lemmas[i]}` : (prepared.lemmas[i] as string);
    words.push(lemma);
    if (last) words.push(`${last} ${lemma}`);
    last = lemma;
  }
  return words;
}

function polarityFeatures(
  reading: Reading,
  category: ModelCategory | null,
  focus: boolean[] | null,
  association: Association,
  own?: readonly number[],
): string[] {
  const out = reading.opinion.concat(focusFeatures(reading.prepared, focus, category, reading.opinion));
  associationFeatures(association, opinionWords(reading.prepared), "PA:", out, own);
  if (focus) associationFeatures(association, opinionWords(reading.prepared, focus), "PF:", out, own);
  else out.push("PF:all");
  return out;
}

/** A labelled sentence, read. */
export type TrainingSentence = { reading: Reading; gold: GoldSentence };

export function readGold(gold: readonly GoldSentence[]): TrainingSentence[] {
  return gold.map((sentence) => ({ gold: sentence, reading: readText(sentence.text) }));
}

/** Fits the category model once per L2 penalty in `l2s` (features are built once). */
export function trainCategoryParts(
  data: readonly TrainingSentence[],
  options: ModelOptions,
  l2s: readonly number[],
): Part[] {
  const rows = data.map((d) => MODEL_CATEGORIES.map((c) => (d.gold.labels.has(c) ? 1 : 0)));
  const association = Association.build(
    data.map((d) => associationWords(d.reading.prepared)),
    rows,
    MODEL_CATEGORIES,
  );
  const lists = data.map((d, s) => allCategoryFeatures(d.reading.prepared, association, rows[s]));
  const vocabulary = Vocabulary.build(lists, options.minCount);
  const x = lists.map((features) => vocabulary.encode(features));
  const y = rows.map((row) => Float32Array.from(row));
  return l2s.map((l2) => {
    const model = fit(x, y, vocabulary.size, MODEL_CATEGORIES.length, "sigmoid", { ...options.category, l2 });
    return { ...rounded(model, vocabulary), association };
  });
}

export function trainCategoryPart(data: readonly TrainingSentence[], options: ModelOptions): Part {
  return trainCategoryParts(data, options, [options.category.l2])[0] as Part;
}

/** Fits the polarity model once per L2 penalty in `l2s` (features are built once), reading focus with `category`. */
export function trainPolarityParts(
  data: readonly TrainingSentence[],
  category: Part,
  options: ModelOptions,
  l2s: readonly number[],
): Part[] {
  const helper = new AbsaModel(category, category, options.thresholds);
  // Each sentence counts once in the opinion lexicon, its label the share of each polarity among its categories.
  const rows = data.map(({ gold }) => {
    const row = POLARITIES.map((p) => [...gold.labels.values()].filter((q) => q === p).length);
    const sum = row.reduce((a, b) => a + b, 0);
    return row.map((v) => (sum > 0 ? v / sum : 0));
  });
  const association = Association.build(
    data.map((d) => opinionWords(d.reading.prepared)),
    rows,
    POLARITIES,
  );
  const lists: string[][] = [];
  const labels: number[] = [];
  data.forEach(({ reading, gold }, s) => {
    for (const [name, polarity] of gold.labels) {
      if (polarity === "conflict") continue;
      const focus = helper.focusOf(reading.prepared, name);
      lists.push(polarityFeatures(reading, name, focus, association, rows[s]));
      labels.push(POLARITIES.indexOf(polarity));
      // The same example without the category, so the shared weights also work for other industries' categories.
      lists.push(polarityFeatures(reading, null, focus, association, rows[s]));
      labels.push(POLARITIES.indexOf(polarity));
    }
  });
  const vocabulary = Vocabulary.build(lists, options.minCount);
  const x = lists.map((features) => vocabulary.encode(features));
  const y = labels.map((label) => Float32Array.from(POLARITIES, (_, k) => (k === label ? 1 : 0)));
  return l2s.map((l2) => {
    const model = fit(x, y, vocabulary.size, POLARITIES.length, "softmax", { ...options.polarity, l2 });
    return { ...rounded(model, vocabulary), association };
  });
}

export function trainPolarityPart(data: readonly TrainingSentence[], category: Part, options: ModelOptions): Part {
  return trainPolarityParts(data, category, options, [options.polarity.l2])[0] as Part;
}

export function trainModel(data: readonly TrainingSentence[], options: ModelOptions = DEFAULT_OPTIONS): AbsaModel {
  const category = trainCategoryPart(data, options);
  const polarity = trainPolarityPart(data, category, options);
  return new AbsaModel(category, polarity, options.thresholds, learnTerms(data));
}

/** Multi-word aspect terms annotated in at least two distinct sentences, normalised as keywords. */
export function learnTerms(data: readonly TrainingSentence[]): Set<string> {
  const counts = new Map<string, number>();
  for (const { gold } of data) {
    const keys = new Set<string>();
    for (const term of gold.terms) {
      const tokens = tokenize(term).flatMap((sentence) => sentence.tokens);
      if (tokens.length < 2 || tokens.length > 4 || !tokens.every((t) => /^[a-z][a-z'-]*$/.test(t.normal))) continue;
      keys.add(keywordOf(tokens, true));
    }
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= 2).map(([key]) => key));
}

/** Seeded assignment of `count` items to `folds` folds of (nearly) equal size. */
export function assignFolds(count: number, folds: number, seed: number): Int32Array {
  const order = shuffle(
    Array.from({ length: count }, (_, i) => i),
    seededRandom(seed),
  );
  const fold = new Int32Array(count);
  order.forEach((item, position) => {
    fold[item] = position % folds;
  });
  return fold;
}

/** Micro F1 (×100) of category detection with per-category thresholds, over out-of-fold probabilities. */
export function categoryF1(
  probabilities: readonly (readonly number[])[],
  data: readonly TrainingSentence[],
  thresholds: readonly number[],
): number {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  data.forEach(({ gold }, s) => {
    const found = new Set(detectFrom(probabilities[s] as readonly number[], thresholds));
    for (const category of MODEL_CATEGORIES) {
      const expected = gold.labels.has(category);
      if (expected && found.has(category)) tp += 1;
      else if (found.has(category)) fp += 1;
      else if (expected) fn += 1;
    }
  });
  return tp === 0 ? 0 : (200 * tp) / (2 * tp + fp + fn);
}

/** Per-category thresholds that maximise micro F1 on the given probabilities (coordinate ascent over GRID). */
export function tuneThresholds(
  probabilities: readonly (readonly number[])[],
  data: readonly TrainingSentence[],
): number[] {
  const thresholds = [...DEFAULT_OPTIONS.thresholds];
  for (let round = 0; round < 2; round += 1) {
    for (let k = 0; k < thresholds.length; k += 1) {
      let best = thresholds[k] as number;
      let bestF1 = categoryF1(probabilities, data, thresholds);
      for (const candidate of GRID.thresholds) {
        thresholds[k] = candidate;
        const f1 = categoryF1(probabilities, data, thresholds);
        if (f1 > bestF1 + 1e-9) {
          best = candidate;
          bestF1 = f1;
        }
      }
      thresholds[k] = best;
    }
  }
  return thresholds;
}

export type Selection = { options: ModelOptions; categoryF1: number; polarityAccuracy: number };

/**
 * Nested validation: chooses the L2 penalties and the category thresholds by `folds`-fold cross-validation
 * inside `data` alone (the caller's held-out sentences are never seen here).
 */
export function selectOptions(data: readonly TrainingSentence[], folds = 3, seed = 7): Selection {
  const fold = assignFolds(data.length, folds, seed);
  const split = (f: number) => ({
    train: data.filter((_, i) => fold[i] !== f),
    test: data.filter((_, i) => fold[i] === f),
  });
  // Category penalty and thresholds, from out-of-fold probabilities.
  const probabilities = GRID.categoryL2.map(() => new Array<number[]>(data.length));
  const categoryParts = GRID.categoryL2.map(() => new Array<Part>(folds));
  for (let f = 0; f < folds; f += 1) {
    const parts = trainCategoryParts(split(f).train, DEFAULT_OPTIONS, GRID.categoryL2);
    parts.forEach((part, g) => {
      (categoryParts[g] as Part[])[f] = part;
      const model = new AbsaModel(part, part, DEFAULT_OPTIONS.thresholds);
      data.forEach((d, i) => {
        if (fold[i] === f) (probabilities[g] as number[][])[i] = model.categoryProbabilities(d.reading);
      });
    });
  }
  let best = { g: 0, thresholds: DEFAULT_OPTIONS.thresholds, f1: -1 };
  GRID.categoryL2.forEach((_, g) => {
    const thresholds = tuneThresholds(probabilities[g] as number[][], data);
    const f1 = categoryF1(probabilities[g] as number[][], data, thresholds);
    if (f1 > best.f1) best = { g, thresholds, f1 };
  });
  // Polarity penalty, over gold categories (conflict left out), with the chosen category model for focus.
  const right = GRID.polarityL2.map(() => 0);
  let judged = 0;
  for (let f = 0; f < folds; f += 1) {
    const { train, test } = split(f);
    const category = (categoryParts[best.g] as Part[])[f] as Part;
    const parts = trainPolarityParts(train, category, DEFAULT_OPTIONS, GRID.polarityL2);
    const models = parts.map((part) => new AbsaModel(category, part, DEFAULT_OPTIONS.thresholds));
    for (const { reading, gold } of test) {
      for (const [name, polarity] of gold.labels) {
        if (polarity === "conflict") continue;
        judged += 1;
        models.forEach((model, g) => {
          if (model.polarityOf(reading, name) === polarity) right[g] = (right[g] as number) + 1;
        });
      }
    }
  }
  let bestPolarity = { l2: GRID.polarityL2[0] as number, accuracy: -1 };
  GRID.polarityL2.forEach((l2, g) => {
    const accuracy = (100 * (right[g] as number)) / Math.max(judged, 1);
    if (accuracy > bestPolarity.accuracy) bestPolarity = { l2, accuracy };
  });
  return {
    options: {
      ...DEFAULT_OPTIONS,
      category: { ...DEFAULT_OPTIONS.category, l2: GRID.categoryL2[best.g] as number },
      polarity: { ...DEFAULT_OPTIONS.polarity, l2: bestPolarity.l2 },
      thresholds: best.thresholds,
    },
    categoryF1: best.f1,
    polarityAccuracy: bestPolarity.accuracy,
  };
}
