// Keyword, experience-category and sentiment analysis of review text (spec reviews.md §2, §3, §7).
// Pipeline per sentence: wink tokens → aspect mentions (learnt + hand-curated terms, then noun runs) →
// each mention scored by the opinion words of its clause (negation, intensifiers, contrast) → categories.
import { readFileSync } from "node:fs";
import { type DomainTerms, domainTermsFor, usesRestaurantLexicon } from "./domain-terms.ts";
import { keywordOf, type Lexicon } from "./lexicon.ts";
import { type Token, tokenize, winkWordScore } from "./nlp.ts";

export type Sentiment = "positive" | "negative" | "neutral";

export type Mention = { keyword: string; category: string | null; sentiment: Sentiment };

export type Analysis = { sentiment: Sentiment; score: number; mentions: Mention[] };

export type AnalyzerOptions = {
  /** Report nouns found in no lexicon as keywords (category null). */
  unknownNouns?: boolean;
  /** Report implied aspects ("overpriced" → price) when the clause names no aspect of that category. */
  impliedAspects?: boolean;
  /** How a clause's opinion words reach a mention: weight = 1 / (1 + decay × distance in tokens). */
  distanceDecay?: number;
  /** |score| below this is neutral. */
  neutralBand?: number;
  /** Mentions with no opinion words near them take their sentence's tone. */
  sentenceFallback?: boolean;
  /** Opinion words from the learnt lexicon, wink's general-purpose one, or both (averaged where both know a word). */
  opinionSource?: "both" | "learnt" | "wink";
};

const CONTRAST = new Set(["but", "however", "although", "though", "yet", "except", "whereas", "nevertheless"]);
const SEGMENT = new Set([",", ";", ":", "and", "or", "-", "–", "—", "(", ")"]);
const INTENSIFIERS = new Set([
  "very",
  "so",
  "really",
  "extremely",
  "incredibly",
  "super",
  "absolutely",
  "truly",
  "totally",
  "too",
  "most",
  "highly",
  "especially",
  "exceptionally",
]);
const DOWNTONERS = new Set(["somewhat", "slightly", "fairly", "kinda", "rather", "bit", "mildly", "pretty"]);
const OPINION_POS = new Set(["ADJ", "VERB", "ADV", "NOUN", "PROPN", "INTJ"]);
const WORD = /^[a-z][a-z'-]*$/;
/** What to call an aspect that is implied but not named, per category. */
const IMPLIED_KEYWORD: Record<string, string> = {
  food: "food",
  service: "service",
  value: "price",
  atmosphere: "atmosphere",
  location: "location",
};

type Span = { from: number; to: number; keyword: string; category: string | null; implied?: boolean };

export type Analyzer = (text: string, industry: string) => Analysis;

export function createAnalyzer(lexicon: Lexicon, options: AnalyzerOptions = {}): Analyzer {
  const unknownNouns = options.unknownNouns ?? true;
  const impliedAspects = options.impliedAspects ?? true;
  const decay = options.distanceDecay ?? 0.25;
  const neutralBand = options.neutralBand ?? 0.05;
  const sentenceFallback = options.sentenceFallback ?? true;
  const opinionSource = options.opinionSource ?? "both";
  const generic = new Set(lexicon.generic);
  const domains = new Map<string, DomainTerms>();

  function terms(industry: string): DomainTerms {
    let found = domains.get(industry);
    if (!found) {
      found = domainTermsFor(industry);
      domains.set(industry, found);
    }
    return found;
  }

  /** The category of a keyword: hand-curated terms first, then the learnt ones; undefined when unknown. */
  function categoryOf(key: string, domain: DomainTerms, restaurant: boolean): string | null | undefined {
    if (key in domain.aspects) return domain.aspects[key];
    const learnt = lexicon.aspects[key];
    if (!learnt) return undefined;
    if (restaurant || learnt[0] === "value" || learnt[0] === "location") return learnt[0];
    return null;
  }

  function headCategory(head: string, domain: DomainTerms, restaurant: boolean): string | undefined {
    return domain.heads[head] ?? (restaurant ? lexicon.heads[head] : undefined);
  }

  function findSpans(tokens: Token[], domain: DomainTerms, restaurant: boolean): Span[] {
    const spans: Span[] = [];
    const taken = new Array<boolean>(tokens.length).fill(false);
    // Known multi-word terms first, longest first ("front desk staff" before "front desk").
    for (let length = 4; length >= 2; length -= 1) {
      for (let i = 0; i + length <= tokens.length; i += 1) {
        if (taken.slice(i, i + length).some(Boolean)) continue;
        const slice = tokens.slice(i, i + length);
        if (!slice.every((t) => WORD.test(t.normal) || t.normal === "&")) continue;
        let key = keywordOf(slice);
        let category = categoryOf(key, domain, restaurant);
        if (category === undefined) {
          key = keywordOf(slice, true);
          category = categoryOf(key, domain, restaurant);
        }
        if (category === undefined) continue;
        spans.push({ from: i, to: i + length, keyword: key, category });
        taken.fill(true, i, i + length);
      }
    }
    // Then runs of nouns: "pad see ew" is caught above, "chicken curry" here.
    let i = 0;
    while (i < tokens.length) {
      const nounish = (t: Token) => (t.pos === "NOUN" || t.pos === "PROPN") && WORD.test(t.normal);
      if (taken[i] || !nounish(tokens[i] as Token)) {
        i += 1;
        continue;
      }
      let end = i;
      while (end < tokens.length && !taken[end] && nounish(tokens[end] as Token)) end += 1;
      const run = tokens.slice(Math.max(i, end - 3), end);
      const span = nounRun(run, domain, restaurant);
      if (span) spans.push({ ...span, from: end - run.length, to: end });
      i = end;
    }
    return spans.sort((a, b) => a.from - b.from);
  }

  function nounRun(run: Token[], domain: DomainTerms, restaurant: boolean): Omit<Span, "from" | "to"> | undefined {
    // Proper nouns (people, places, brands) are not keywords unless a lexicon knows them.
    const common = run.filter((t) => t.pos === "NOUN" || categoryOf(keywordOf([t]), domain, restaurant) !== undefined);
    if (common.length === 0) return undefined;
    const key = keywordOf(common);
    for (let k = 0; k < common.length; k += 1) {
      const category = categoryOf(keywordOf(common.slice(k)), domain, restaurant);
      if (category !== undefined) return { keyword: key, category };
    }
    const head = common.at(-1) as Token;
    if (common.length === 1 && generic.has(head.lemma)) return undefined;
    const category = headCategory(head.lemma, domain, restaurant);
    if (category) return { keyword: key, category };
    // An unknown noun that is itself an opinion ("disappointment", "nightmare") is not a topic.
    if (!unknownNouns || head.stopWord || opinionOf(head, domain) !== 0) return undefined;
    if (head.lemma.length < 3) return undefined;
    return { keyword: key, category: null };
  }

  function opinionOf(token: Token, domain: DomainTerms): number {
    if (!OPINION_POS.has(token.pos) || !WORD.test(token.normal)) return 0;
    if (token.pos === "ADV" && (INTENSIFIERS.has(token.normal) || DOWNTONERS.has(token.normal))) return 0;
    const curated = domain.opinions[token.lemma];
    if (curated !== undefined) return curated;
    const learnt = opinionSource === "wink" ? undefined : lexicon.opinions[token.lemma];
    if (opinionSource === "learnt") return learnt ?? 0;
    const wink = winkWordScore(token.normal) || winkWordScore(token.lemma);
    if (learnt === undefined) return wink;
    return wink === 0 ? learnt : (learnt + wink) / 2;
  }

  /** Opinion scores per token, with negation and intensifiers applied; tokens inside mentions carry none. */
  function opinionScores(tokens: Token[], spans: Span[], domain: DomainTerms): number[] {
    // The head of a mention is the topic, not an opinion; its modifiers may be ("spicy wontons").
    const inMention = new Array<boolean>(tokens.length).fill(false);
    for (const span of spans) inMention.fill(true, span.from, span.to);
    for (const span of spans) if (span.to - span.from > 1) inMention.fill(false, span.from, span.to - 1);
    return tokens.map((token, i) => {
      if (inMention[i]) return 0;
      let score = opinionOf(token, domain);
      if (score === 0) return 0;
      for (const j of [i - 1, i - 2]) {
        const before = tokens[j]?.normal;
        if (before && INTENSIFIERS.has(before)) score *= 1.5;
        else if (before && DOWNTONERS.has(before)) score *= 0.6;
      }
      if (token.negated) score *= -0.7;
      return Math.max(-1.5, Math.min(1.5, score));
    });
  }

  function polarity(score: number): Sentiment {
    if (score > neutralBand) return "positive";
    if (score < -neutralBand) return "negative";
    return "neutral";
  }

  function analyzeSentence(tokens: Token[], domain: DomainTerms, restaurant: boolean) {
    const spans = findSpans(tokens, domain, restaurant);
    const scores = opinionScores(tokens, spans, domain);
    // Contrast ("but", "although") splits a sentence into blocks that do not share opinions.
    const block = new Array<number>(tokens.length).fill(0);
    const segment = new Array<number>(tokens.length).fill(0);
    let b = 0;
    let s = 0;
    tokens.forEach((token, i) => {
      if (CONTRAST.has(token.normal)) b += 1;
      if (SEGMENT.has(token.normal)) s += 1;
      block[i] = b;
      segment[i] = s;
    });

    const scoreAt = (from: number, to: number): number => {
      let sum = 0;
      let wide = 0;
      scores.forEach((score, i) => {
        if (score === 0) return;
        const distance = i < from ? from - i : i >= to ? i - to + 1 : 0;
        let weight = 1 / (1 + decay * distance);
        if (segment[i] !== segment[from]) weight *= 0.6;
        if (block[i] === block[from]) sum += score * weight;
        else wide += score * weight * 0.3;
      });
      return Math.abs(sum) > neutralBand ? sum : sum + wide;
    };

    if (impliedAspects) {
      const named = new Set(spans.map((span) => `${block[span.from]}:${span.category}`));
      tokens.forEach((token, i) => {
        if (spans.some((span) => i >= span.from && i < span.to)) return;
        const curated = domain.cues[token.lemma];
        const learnt = restaurant && token.pos !== "NOUN" ? lexicon.cues[token.lemma] : undefined;
        const cue: [string, string] | undefined =
          curated ?? (learnt && IMPLIED_KEYWORD[learnt] ? [learnt, IMPLIED_KEYWORD[learnt] as string] : undefined);
        if (!cue || named.has(`${block[i]}:${cue[0]}`)) return;
        named.add(`${block[i]}:${cue[0]}`);
        spans.push({ from: i, to: i + 1, keyword: cue[1], category: cue[0], implied: true });
      });
    }

    let total = 0;
    let count = 0;
    scores.forEach((score, i) => {
      if (score === 0) return;
      const weight = (block[i] ?? 0) > 0 ? 1.5 : 1;
      total += score * weight;
      count += weight;
    });
    const sentenceScore = count > 0 ? total / count : 0;
    const mentions = spans
      .sort((x, y) => x.from - y.from)
      .map((span) => {
        const local = scoreAt(span.from, span.to) + (span.implied ? (scores[span.from] ?? 0) : 0);
        // A mention with no opinion words near it takes the tone of its sentence ("We loved it. The pasta, …").
        const score = Math.abs(local) > neutralBand || !sentenceFallback ? local : local + sentenceScore;
        return { keyword: span.keyword, category: span.category, sentiment: polarity(score) };
      });
    return { mentions, score: sentenceScore, opinionated: count > 0 };
  }

  return function analyze(text: string, industry: string): Analysis {
    const domain = terms(industry);
    const restaurant = usesRestaurantLexicon(industry);
    const mentions: Mention[] = [];
    const seen = new Set<string>();
    let total = 0;
    let opinionated = 0;
    for (const sentence of tokenize(text)) {
      const result = analyzeSentence(sentence.tokens, domain, restaurant);
      for (const mention of result.mentions) {
        const key = `${mention.keyword}|${mention.sentiment}`;
        if (seen.has(key)) continue;
        seen.add(key);
        mentions.push(mention);
      }
      if (result.opinionated) {
        total += result.score;
        opinionated += 1;
      }
    }
    const score = opinionated > 0 ? Math.max(-1, Math.min(1, total / opinionated)) : 0;
    return { sentiment: polarity(score), score: Math.round(score * 1000) / 1000, mentions };
  };
}

let defaultAnalyzer: Analyzer | undefined;

/** Keywords with category and sentiment, and the overall sentiment, of one review text. */
export function analyzeText(text: string, industry: "restaurant" | "healthcare" | "automotive" | string): Analysis {
  if (!defaultAnalyzer) {
    const lexicon = JSON.parse(readFileSync(new URL("./lexicon.json", import.meta.url), "utf8")) as Lexicon;
    defaultAnalyzer = createAnalyzer(lexicon);
  }
  return defaultAnalyzer(text, industry);
}
