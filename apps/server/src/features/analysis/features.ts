// What the trained models see of a sentence: word and lemma n-grams, nouns, part-of-speech, negation scope
// (words after "not/never/n't/no…" up to punctuation or a contrast word carry a "!" mark), contrast clauses
// ("but", "however", …), intensifiers and downtoners, scores from wink's general-purpose sentiment lexicon,
// and sarcasm markers. One `Prepared` sentence is read once; the feature lists are built from it.
import { type Token, winkWordScore } from "./nlp.ts";
import { REVIEW_OPINIONS } from "./opinion-words.ts";

const NEGATORS = new Set([
  "not",
  "no",
  "never",
  "nothing",
  "nobody",
  "none",
  "neither",
  "nor",
  "without",
  "hardly",
  "barely",
  "scarcely",
  "cannot",
  "nowhere",
  "n't",
]);
export const CONTRAST = new Set([
  "but",
  "however",
  "although",
  "though",
  "yet",
  "except",
  "whereas",
  "nevertheless",
  "nonetheless",
  "unfortunately",
  "despite",
  "while",
]);
const BOUNDARY = new Set([",", ";", ":", ".", "!", "?", "(", ")", "-", "–", "—", "...", "/"]);
export const INTENSIFIERS = new Set([
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
  "amazingly",
  "ridiculously",
  "insanely",
  "utterly",
  "completely",
  "seriously",
  "terribly",
  "awfully",
  "incredibly",
  "way",
  "overly",
  "quite",
]);
export const DOWNTONERS = new Set([
  "somewhat",
  "slightly",
  "fairly",
  "kinda",
  "rather",
  "bit",
  "mildly",
  "pretty",
  "little",
  "sort",
  "kind",
  "reasonably",
  "moderately",
]);

/** Sarcasm markers: praise these precede or follow is meant the other way round. */
const SARCASM = [
  /\by(?:eah|ea|ep)\s*,?\s*right\b/i,
  /\boh\s*,?\s*(?:great|wonderful|perfect|joy|fantastic|lovely|goody|brilliant|awesome|sure)\b/i,
  /(?:^|\s)\/s\b/i,
  /\bthanks?\s+(?:you\s+)?for\s+nothing\b/i,
  /\b(?:great|perfect|wonderful|fantastic)\s*[,.!]+\s*just\s+(?:great|perfect|wonderful|fantastic)\b/i,
  /\bjust\s+what\s+i\s+(?:needed|wanted)\b/i,
  /\bas\s+if\b/i,
  /\bsaid\s+no\s+one\s+ever\b/i,
];

/** A plain English plural stripped ("calzones" → "calzone"), for words a lemmatiser does not know. */
export function singular(word: string): string {
  return /[^siu]s$/.test(word) && word.length > 3 ? word.slice(0, -1) : word;
}

export function sarcastic(text: string): boolean {
  return SARCASM.some((pattern) => pattern.test(text));
}

const WORD = /^(?:[a-z0-9][a-z0-9'&-]*|[$€£])$/;
const NUMBER = /^\d[\d.,:]*$/;

/** A sentence as the feature builders read it: parallel arrays, no object per token. */
export type Prepared = {
  length: number;
  normals: string[];
  lemmas: string[];
  pos: string[];
  /** Whether the token is a word (not punctuation or a symbol). */
  word: boolean[];
  /** Inside the scope of a negator. */
  negated: boolean[];
  /** Clause number: clauses end at punctuation and contrast words. */
  clause: number[];
  clauses: number;
  /** Block number: blocks end at contrast words and semicolons only (a clause of "the food, though, was …"). */
  block: number[];
  blocks: number;
  /** Whether a contrast word comes before the token in the sentence. */
  afterContrast: boolean[];
  /** wink's prior sentiment of the word (-1 … 1), flipped in a negation scope and scaled by intensifiers. */
  prior: number[];
  /** 1 after an intensifier, -1 after a downtoner, else 0. */
  intensity: number[];
  sarcasm: boolean;
  exclamation: boolean;
  question: boolean;
};

export function prepare(tokens: readonly Token[], text: string): Prepared {
  const n = tokens.length;
  const prepared: Prepared = {
    length: n,
    normals: new Array<string>(n),
    lemmas: new Array<string>(n),
    pos: new Array<string>(n),
    word: new Array<boolean>(n),
    negated: new Array<boolean>(n),
    clause: new Array<number>(n),
    clauses: 0,
    block: new Array<number>(n),
    blocks: 0,
    afterContrast: new Array<boolean>(n),
    prior: new Array<number>(n),
    intensity: new Array<number>(n),
    sarcasm: sarcastic(text),
    exclamation: text.includes("!"),
    question: text.includes("?"),
  };
  let clause = 0;
  let clauseHasWords = false;
  let clauseBreak = false;
  let block = 0;
  let blockHasWords = false;
  let blockBreak = false;
  let negating = false;
  let contrast = false;
  let previous = "";
  for (let i = 0; i < n; i += 1) {
    const token = tokens[i] as Token;
    const normal = token.normal;
    const isWord = WORD.test(normal);
    prepared.normals[i] = normal;
    prepared.lemmas[i] = !isWord ? normal : NUMBER.test(normal) ? "<num>" : token.lemma;
    prepared.pos[i] = token.pos;
    prepared.word[i] = isWord;
    const turn = CONTRAST.has(normal);
    // A contrast word opens the next clause; punctuation closes the one it ends.
    if (turn) {
      clauseBreak = true;
      blockBreak = true;
      contrast = true;
    }
    if (isWord && clauseBreak && clauseHasWords) {
      clause += 1;
      clauseHasWords = false;
    }
    if (isWord && blockBreak && blockHasWords) {
      block += 1;
      blockHasWords = false;
    }
    if (isWord) {
      clauseBreak = false;
      blockBreak = false;
    }
    prepared.clause[i] = clause;
    prepared.block[i] = block;
    if (isWord && !turn) {
      clauseHasWords = true;
      blockHasWords = true;
    }
    if (!isWord && BOUNDARY.has(normal)) {
      clauseBreak = true;
      if (normal === ";") blockBreak = true;
      negating = false;
    }
    if (turn) negating = false;
    prepared.negated[i] = negating && isWord;
    prepared.afterContrast[i] = contrast;
    if (NEGATORS.has(normal)) negating = true;
    const intensity = INTENSIFIERS.has(previous) ? 1 : DOWNTONERS.has(previous) ? -1 : 0;
    prepared.intensity[i] = intensity;
    let prior =
      isWord && !NEGATORS.has(normal)
        ? (REVIEW_OPINIONS[normal] ??
          REVIEW_OPINIONS[token.lemma] ??
          (winkWordScore(normal) || winkWordScore(token.lemma)))
        : 0;
    if (prepared.negated[i]) prior *= -0.7;
    if (intensity === 1) prior *= 1.5;
    else if (intensity === -1) prior *= 0.6;
    prepared.prior[i] = prior;
    previous = isWord ? normal : "";
  }
  prepared.clauses = clause + 1;
  prepared.blocks = block + 1;
  return prepared;
}

/** Tokens [from, to) of a prepared sentence as a sentence of their own (a clause read apart from the rest). */
export function slice(s: Prepared, from: number, to: number): Prepared {
  const clause = s.clause.slice(from, to);
  const block = s.block.slice(from, to);
  const firstClause = clause[0] ?? 0;
  const firstBlock = block[0] ?? 0;
  return {
    length: to - from,
    normals: s.normals.slice(from, to),
    lemmas: s.lemmas.slice(from, to),
    pos: s.pos.slice(from, to),
    word: s.word.slice(from, to),
    negated: s.negated.slice(from, to),
    clause: clause.map((c) => c - firstClause),
    clauses: (clause[clause.length - 1] ?? firstClause) - firstClause + 1,
    block: block.map((b) => b - firstBlock),
    blocks: (block[block.length - 1] ?? firstBlock) - firstBlock + 1,
    afterContrast: s.afterContrast.slice(from, to),
    prior: s.prior.slice(from, to),
    intensity: s.intensity.slice(from, to),
    sarcasm: s.sarcasm,
    exclamation: s.exclamation,
    question: s.question,
  };
}

/** The token range [from, to) of the clause (or block) token i is in. */
export function rangeOf(unit: readonly number[], i: number): [number, number] {
  const value = unit[i];
  let from = i;
  let to = i + 1;
  while (from > 0 && unit[from - 1] === value) from -= 1;
  while (to < unit.length && unit[to] === value) to += 1;
  return [from, to];
}

/** Features for detecting which categories a sentence talks about. */
export function categoryFeatures(s: Prepared): string[] {
  const out: string[] = [];
  let last = "<s>";
  for (let i = 0; i < s.length; i += 1) {
    if (!s.word[i]) continue;
    const normal = s.normals[i] as string;
    const lemma = s.lemmas[i] as string;
    out.push(`w:${normal}`);
    if (lemma !== normal) out.push(`l:${lemma}`);
    const pos = s.pos[i] as string;
    if (pos === "NOUN" || pos === "PROPN") out.push(`n:${lemma}`);
    else if (pos === "ADJ") out.push(`j:${lemma}`);
    if (lemma.length >= 6) out.push(`p:${lemma.slice(0, 5)}`);
    out.push(`b:${last} ${lemma}`);
    last = lemma;
  }
  out.push(`b:${last} </s>`);
  return out;
}

/** Per token, the category features it contributes (unigram-level), for finding the clause a category is in. */
export function tokenCategoryFeatures(s: Prepared, i: number): string[] {
  if (!s.word[i]) return [];
  const normal = s.normals[i] as string;
  const lemma = s.lemmas[i] as string;
  const out = [`w:${normal}`];
  if (lemma !== normal) out.push(`l:${lemma}`);
  const pos = s.pos[i] as string;
  if (pos === "NOUN" || pos === "PROPN") out.push(`n:${lemma}`);
  else if (pos === "ADJ") out.push(`j:${lemma}`);
  if (lemma.length >= 6) out.push(`p:${lemma.slice(0, 5)}`);
  return out;
}

function bin(value: number): string {
  if (value <= 0) return "0";
  if (value < 0.5) return "1";
  if (value < 1.2) return "2";
  return "3";
}

/** Aggregates of the lexicon scores over a span of tokens, as binned features with a prefix. */
function lexiconFeatures(s: Prepared, include: (i: number) => boolean, prefix: string, out: string[]): void {
  let positive = 0;
  let negative = 0;
  let lastSign = 0;
  let strongest = 0;
  for (let i = 0; i < s.length; i += 1) {
    if (!include(i)) continue;
    const prior = s.prior[i] as number;
    if (prior > 0) positive += prior;
    else if (prior < 0) negative -= prior;
    if (prior !== 0) lastSign = Math.sign(prior);
    if (Math.abs(prior) > Math.abs(strongest)) strongest = prior;
  }
  out.push(`${prefix}pos:${bin(positive)}`, `${prefix}neg:${bin(negative)}`);
  // The same totals as numbers, so the model can weigh them directly (capped: long rants do not dominate).
  out.push(`${prefix}vpos=${Math.min(positive, 3).toFixed(3)}`, `${prefix}vneg=${Math.min(negative, 3).toFixed(3)}`);
  const net = positive - negative;
  out.push(`${prefix}net:${net > 0 ? "+" : net < 0 ? "-" : "0"}${bin(Math.abs(net))}`);
  out.push(`${prefix}last:${lastSign}`);
  out.push(`${prefix}max:${strongest > 0 ? "+" : strongest < 0 ? "-" : "0"}${bin(Math.abs(strongest))}`);
}

/** The opinion features of a span of tokens: negation-marked words and lemmas, bigrams, intensified words. */
function opinionWords(s: Prepared, include: (i: number) => boolean, prefix: string, out: string[]): void {
  let last = "<s>";
  for (let i = 0; i < s.length; i += 1) {
    if (!include(i)) continue;
    if (!s.word[i]) {
      if (s.normals[i] === "!" || s.normals[i] === "?") out.push(`${prefix}w:${s.normals[i]}`);
      continue;
    }
    const normal = s.normals[i] as string;
    // A negator speaks through the words it marks ("not bad" is "!bad"), not as a word of its own.
    if (NEGATORS.has(normal)) continue;
    const mark = s.negated[i] ? "!" : "";
    const lemma = s.lemmas[i] as string;
    out.push(`${prefix}w:${mark}${normal}`);
    if (lemma !== normal) out.push(`${prefix}l:${mark}${lemma}`);
    out.push(`${prefix}b:${last} ${mark}${lemma}`);
    const intensity = s.intensity[i] as number;
    if (intensity !== 0) out.push(`${prefix}i:${intensity > 0 ? "+" : "-"}${mark}${lemma}`);
    last = `${mark}${lemma}`;
  }
}

const ALL = () => true;

/** Features of a sentence for polarity, whatever the category and clause: lexicon totals and sentence cues. */
export function sentenceOpinionFeatures(s: Prepared): string[] {
  const out: string[] = [];
  lexiconFeatures(s, ALL, "x", out);
  lexiconFeatures(s, (i) => s.afterContrast[i] as boolean, "xa", out);
  if (s.sarcasm) out.push("sarcasm");
  if (s.exclamation) out.push("exclaim");
  if (s.question) out.push("question");
  if (s.clauses > 1) out.push("clauses");
  if (s.afterContrast[s.length - 1]) out.push("contrast");
  return out;
}

/**
 * The words of the clause an aspect is in (`focus` marks it; null: the whole sentence) and, apart, the words
 * outside it, so an opinion about something else in the sentence ("… but the waiter was rude") weighs less.
 * With a category, the clause's features again, conjoined with it.
 */
export function focusFeatures(s: Prepared, focus: boolean[] | null, category: string | null, base: string[]): string[] {
  const out: string[] = [];
  const inFocus = focus ? (i: number) => focus[i] as boolean : ALL;
  opinionWords(s, inFocus, "f", out);
  lexiconFeatures(s, inFocus, "fx", out);
  if (category !== null) {
    const conjoined: string[] = [];
    for (const feature of out) conjoined.push(`${category}|${feature}`);
    for (const feature of base) if (feature.startsWith("x")) conjoined.push(`${category}|${feature}`);
    conjoined.push(`${category}|bias`);
    out.push(...conjoined);
  }
  if (focus) {
    out.push("focus");
    const outside = (i: number) => !focus[i];
    opinionWords(s, outside, "o", out);
    lexiconFeatures(s, outside, "ox", out);
  }
  return out;
}
