// Keyword, experience-category and sentiment analysis of review text (docs/product/reviews.md §2, §3, §7).
// Per sentence: wink tokens → features (features.ts) → the trained models (model.ts, weights in model.json):
// which restaurant categories the sentence is about, and the polarity of each, read in the clause it is in.
// Keywords come from term lists and nouns (keywords.ts); each takes its category from the term lists or,
// for restaurants, from the category model, and its sentiment from the polarity model for its clause.
import { readFileSync } from "node:fs";
import type { ModelCategory } from "./absa-data.ts";
import { DOMAIN_TERMS, type Vertical, verticalOf } from "./domain-terms.ts";
import { prepare, rangeOf, singular, slice } from "./features.ts";
import { findSpans, type Span } from "./keywords.ts";
import { AbsaModel, argmaxPolarity, type Reading, read, type StoredModel } from "./model.ts";
import { type Token, tokenize } from "./nlp.ts";
import { RESTAURANT_WORDS } from "./restaurant-words.ts";

export type Sentiment = "positive" | "negative" | "neutral";

export type Mention = { keyword: string; category: string | null; sentiment: Sentiment };

export type Analysis = { sentiment: Sentiment; score: number; mentions: Mention[] };

/** The committed weights, written by `npm run train:analysis`. */
export const MODEL_FILE = new URL("./model.json", import.meta.url);

/** The restaurant category model's category behind each restaurant category, for the polarity model. */
const MODEL_CATEGORY_OF: Readonly<Record<string, ModelCategory>> = {
  food: "food",
  service: "service",
  value: "value",
  atmosphere: "atmosphere",
  staff: "service",
  waittime: "service",
  location: "miscellaneous",
};
const TOPICS: readonly ModelCategory[] = ["food", "service", "value", "atmosphere"];
/** A keyword takes a category the sentence was not found to be about only on this much evidence. */
const STRONG_RELEVANCE = 1.5;
const WEAK_RELEVANCE = 0.2;
const NEUTRAL_BAND = 0.05;
/** A clause read on its own decides a mention's sentiment when its likeliest polarity is at least this likely. */
const LOCAL_CONFIDENCE = 0.6;
/** Relevance a word gets from being in the hand-written list of a category. */
const LIST_BONUS = 1;

type SentenceResult = { mentions: Mention[]; score: number; sentiment: Sentiment };

export type Analyzer = (text: string, industry: string) => Analysis;

export function createAnalyzer(model: AbsaModel): Analyzer {
  /** Sentence polarity as a score in -1 … 1: P(positive) − P(negative), stronger with intensifiers. */
  function sentenceScore(reading: Reading, memo: Memo): { score: number; sentiment: Sentiment } {
    const probabilities = polarity(memo, "all|null", () => model.polarityProbabilities(reading, null, null));
    const sentiment = argmaxPolarity(probabilities);
    if (sentiment === "neutral") return { score: 0, sentiment };
    let score = (probabilities[0] as number) - (probabilities[1] as number);
    const { prior, intensity } = reading.prepared;
    let boost = 1;
    for (let i = 0; i < prior.length; i += 1) {
      if (prior[i] === 0) continue;
      if (intensity[i] === 1) boost *= 1.25;
      else if (intensity[i] === -1) boost *= 0.75;
    }
    score = Math.max(-1, Math.min(1, score * boost));
    return { score, sentiment };
  }

  /**
   * A mention's sentiment: its clause read on its own when that clause carries an opinion ("great food,
   * terrible service"), else the contrast block it is in ("the pad thai was amazing | but the waiter was
   * rude"), else the whole sentence with its clause in focus.
   */
  /** Polarity probabilities, remembered for the sentence being read (mentions often ask the same question). */
  type Memo = Map<string, number[]>;
  function polarity(memo: Memo, key: string, ask: () => number[]): number[] {
    let found = memo.get(key);
    if (!found) {
      found = ask();
      memo.set(key, found);
    }
    return found;
  }

  /**
   * A mention's sentiment: its clause read on its own when that clause carries an opinion ("great food,
   * terrible service"), else the contrast block it is in ("the pad thai was amazing | but the waiter was
   * rude"), else the whole sentence with its clause in focus.
   */
  function mentionSentiment(reading: Reading, span: Span, category: ModelCategory | null, memo: Memo): Sentiment {
    const { prepared } = reading;
    const local = (unit: number[], name: string): Sentiment | undefined => {
      const [from, to] = rangeOf(unit, span.from);
      if (from === 0 && to === prepared.length) return undefined;
      const probabilities = polarity(memo, `${name}${from}:${to}|${category}`, () =>
        model.polarityProbabilities(read(slice(prepared, from, to)), category, null),
      );
      const sentiment = argmaxPolarity(probabilities);
      return sentiment !== "neutral" && Math.max(...probabilities) >= LOCAL_CONFIDENCE ? sentiment : undefined;
    };
    if (prepared.clauses > 1) {
      const own = local(prepared.clause, "c") ?? (prepared.blocks > 1 ? local(prepared.block, "b") : undefined);
      if (own) return own;
    }
    const clause = prepared.clause[span.from] as number;
    const key = prepared.clauses > 1 ? `f${clause}|${category}` : `all|${category}`;
    return argmaxPolarity(
      polarity(memo, key, () => {
        const focus = prepared.clauses > 1 ? prepared.clause.map((c) => c === clause) : null;
        return model.polarityProbabilities(reading, category, focus);
      }),
    );
  }

  function analyzeSentence(tokens: Token[], text: string, vertical: Vertical): SentenceResult {
    const prepared = prepare(tokens, text);
    const reading = read(prepared);
    const terms = DOMAIN_TERMS[vertical];
    const spans = findSpans(
      tokens,
      terms,
      (i) => prepared.prior[i] !== 0,
      vertical === "restaurant" ? model.terms : undefined,
    );
    const memo: Memo = new Map();
    const { score, sentiment } = sentenceScore(reading, memo);
    const mentions: Mention[] = [];
    if (vertical !== "restaurant") {
      for (const span of spans) {
        const category = span.category ?? null;
        mentions.push({ keyword: span.keyword, category, sentiment: mentionSentiment(reading, span, null, memo) });
      }
      return { mentions, score, sentiment };
    }
    const detected = new Set(model.detect(reading));
    const covered = new Set<ModelCategory>();
    let relevance: Float64Array[] | undefined;
    for (const span of spans) {
      let category: string | null = span.category ?? null;
      if (span.category === undefined) {
        // The category whose model weights its words point at most; one the sentence is about, unless very clear.
        let best: ModelCategory | null = null;
        let bestScore = 0;
        relevance ??= TOPICS.map((topic) => model.tokenRelevance(prepared, topic));
        for (const [t, topic] of TOPICS.entries()) {
          const weights = relevance[t] as Float64Array;
          const words = RESTAURANT_WORDS[topic];
          let sum = 0;
          for (let i = span.from; i < span.to; i += 1) {
            sum += weights[i] as number;
            if (words?.has(prepared.lemmas[i] as string) || words?.has(singular(prepared.normals[i] as string))) {
              sum += LIST_BONUS;
            }
          }
          const needed = detected.has(topic) ? WEAK_RELEVANCE : STRONG_RELEVANCE;
          if (sum > needed && sum - needed > bestScore) {
            best = topic;
            bestScore = sum - needed;
          }
        }
        category = best;
      }
      const modelCategory = category === null ? null : (MODEL_CATEGORY_OF[category] ?? null);
      if (modelCategory) covered.add(modelCategory);
      mentions.push({
        keyword: span.keyword,
        category,
        sentiment: mentionSentiment(reading, span, modelCategory, memo),
      });
    }
    // Categories the sentence is about without a keyword for them ("It is very overpriced." → price).
    for (const topic of TOPICS) {
      if (!detected.has(topic) || covered.has(topic)) continue;
      const keyword = terms.implied[topic] ?? topic;
      mentions.push({ keyword, category: topic, sentiment: model.polarityOf(reading, topic) });
    }
    return { mentions, score, sentiment };
  }

  return function analyze(text: string, industry: string): Analysis {
    const vertical = verticalOf(industry);
    const mentions: Mention[] = [];
    const seen = new Set<string>();
    let total = 0;
    let opinionated = 0;
    for (const sentence of tokenize(text)) {
      const first = sentence.tokens[0];
      const last = sentence.tokens[sentence.tokens.length - 1];
      if (!first || !last) continue;
      const result = analyzeSentence(sentence.tokens, text.slice(first.start, last.end), vertical);
      for (const mention of result.mentions) {
        const key = `${mention.keyword}|${mention.sentiment}`;
        if (seen.has(key)) continue;
        seen.add(key);
        mentions.push(mention);
      }
      if (result.sentiment !== "neutral") {
        total += result.score;
        opinionated += 1;
      }
    }
    const score = opinionated > 0 ? total / opinionated : 0;
    const sentiment: Sentiment = score > NEUTRAL_BAND ? "positive" : score < -NEUTRAL_BAND ? "negative" : "neutral";
    return { sentiment, score: Math.round(score * 1000) / 1000, mentions };
  };
}

let loaded: AbsaModel | undefined;
let defaultAnalyzer: Analyzer | undefined;

/** The committed model (model.json), loaded once. */
export function loadModel(): AbsaModel {
  if (!loaded) loaded = AbsaModel.load(JSON.parse(readFileSync(MODEL_FILE, "utf8")) as StoredModel);
  return loaded;
}

/** Keywords with category and sentiment, and the overall sentiment, of one review text. */
export function analyzeText(text: string, industry: "restaurant" | "healthcare" | "automotive" | string): Analysis {
  if (!defaultAnalyzer) defaultAnalyzer = createAnalyzer(loadModel());
  return defaultAnalyzer(text, industry);
}
