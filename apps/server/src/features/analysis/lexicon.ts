// The shape of lexicon.json (written by build-lexicon.ts) and the one rule for turning words into a keyword.
import type { Token } from "./nlp.ts";

export type Lexicon = {
  /** Where the lexicon came from, for people reading the JSON. */
  source: string;
  /** Normalised aspect term → [category or null, times seen as an aspect]. */
  aspects: Record<string, [string | null, number]>;
  /** Head noun (last word of a term) → the category its terms mostly have. */
  heads: Record<string, string>;
  /** Nouns that are common in reviews but seldom what the review is about ("time", "friend"). */
  generic: string[];
  /** Adjectives, verbs and adverbs that imply a category without naming it ("overpriced" → value). */
  cues: Record<string, string>;
  /** Lemma → opinion strength, -1 (negative) … 1 (positive), learnt from labelled sentences. */
  opinions: Record<string, number>;
};

const NOUNISH = new Set(["NOUN", "PROPN"]);

/** Lower case, words joined by one space, the head noun lemmatised ("Wait Times" → "wait time"). */
/** With `anyHead`, the last word is lemmatised whatever its tag (taggers misread "The Wait Times" as a name). */
export function keywordOf(tokens: readonly Token[], anyHead = false): string {
  const words: string[] = [];
  tokens.forEach((token, index) => {
    const last = index === tokens.length - 1;
    const head = last && (anyHead || NOUNISH.has(token.pos)) && /^[a-z]/.test(token.lemma);
    let word = head ? token.lemma : token.normal;
    // wink leaves proper nouns unlemmatised; a forced head gets a plain English plural stripped.
    if (head && anyHead && word === token.normal && /[^su]s$/.test(word)) word = word.slice(0, -1);
    if (/[\p{L}\p{N}]/u.test(word)) words.push(word);
  });
  return words.join(" ");
}
