// Finds the keywords of a sentence, in the short form people read them ("wait time", "front desk", "pad thai"):
// known multi-word terms of the vertical first, then runs of nouns (wink's part-of-speech tags), then words
// that imply an aspect without naming it ("waited" → "wait time"). Which category a keyword has is decided
// here only when a term list knows it; the engine asks the trained model otherwise.
import { type DomainTerms, GENERIC_NOUNS } from "./domain-terms.ts";
import type { Token } from "./nlp.ts";

const NOUNISH = new Set(["NOUN", "PROPN"]);
const WORD = /^[a-z][a-z'-]*$/;

/** Lower case, words joined by one space, the head noun lemmatised ("Wait Times" → "wait time"). */
/** With `anyHead`, the last word is lemmatised whatever its tag (taggers misread "The Wait Times" as a name). */
export function keywordOf(tokens: readonly Token[], anyHead = false): string {
  const words: string[] = [];
  let glue = false;
  tokens.forEach((token, index) => {
    // A hyphen between words keeps them one word: "check-in", "follow-up".
    if (token.normal === "-" && index > 0 && index < tokens.length - 1 && words.length > 0) {
      words[words.length - 1] += "-";
      glue = true;
      return;
    }
    const last = index === tokens.length - 1;
    const head = last && (anyHead || NOUNISH.has(token.pos)) && /^[a-z]/.test(token.lemma);
    let word = head ? token.lemma : token.normal;
    // wink leaves proper nouns and words it does not know unlemmatised: a plain English plural is stripped.
    if (head && word === token.normal && /[^siu]s$/.test(word) && word.length > 3) word = word.slice(0, -1);
    if (!/[\p{L}\p{N}]/u.test(word)) return;
    if (glue) words[words.length - 1] += word;
    else words.push(word);
    glue = false;
  });
  return words.join(" ");
}

export type Span = {
  from: number;
  to: number;
  keyword: string;
  /** The category a term list gives it; undefined when no list knows it. */
  category: string | undefined;
  /** Not named in the text: implied by a cue word ("waited" → wait time). */
  implied: boolean;
};

function isWord(token: Token): boolean {
  return WORD.test(token.normal) || token.normal === "&";
}

const TITLES = new Set(["dr.", "dr"]);

const NONE: ReadonlySet<string> = new Set();
const starters = new WeakMap<DomainTerms, WeakMap<ReadonlySet<string>, Set<string>>>();

/** The first words of the multi-word terms, so most positions need no look-up at all. */
function firstWords(terms: DomainTerms, known: ReadonlySet<string>): Set<string> {
  let byKnown = starters.get(terms);
  if (!byKnown) {
    byKnown = new WeakMap();
    starters.set(terms, byKnown);
  }
  let found = byKnown.get(known);
  if (!found) {
    found = new Set<string>();
    for (const term of [...Object.keys(terms.aspects), ...known]) {
      const first = term.split(/[\s-]/)[0];
      if (first && term.length > first.length) found.add(first);
    }
    byKnown.set(known, found);
  }
  return found;
}

/** The keyword spans of one sentence, in text order. `opinion(i)` tells whether token i carries sentiment. */
export function findSpans(
  tokens: readonly Token[],
  terms: DomainTerms,
  opinion: (i: number) => boolean,
  known: ReadonlySet<string> = NONE,
): Span[] {
  const spans: Span[] = [];
  const taken = new Uint8Array(tokens.length);
  const starts = firstWords(terms, known);
  // Known multi-word terms, longest first ("front desk staff" before "front desk").
  for (let length = 4; length >= 2; length -= 1) {
    for (let i = 0; i + length <= tokens.length; i += 1) {
      const first = tokens[i] as Token;
      if (!starts.has(first.normal) && !starts.has(first.lemma)) continue;
      let free = true;
      for (let k = i; k < i + length; k += 1) {
        const inner = k > i && k < i + length - 1 && (tokens[k] as Token).normal === "-";
        if (taken[k] || !(isWord(tokens[k] as Token) || inner)) {
          free = false;
          break;
        }
      }
      if (!free) continue;
      const slice = tokens.slice(i, i + length);
      let key = keywordOf(slice);
      let category = terms.aspects[key];
      if (category === undefined) {
        key = keywordOf(slice, true);
        category = terms.aspects[key];
      }
      if (category === undefined && !known.has(key)) continue;
      spans.push({ from: i, to: i + length, keyword: key, category, implied: false });
      taken.fill(1, i, i + length);
    }
  }
  // Runs of nouns: "chicken curry", "waiter"; single known terms whatever their tag ("wait", "parking").
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] as Token;
    // "Dr. Patel": the title names the topic (a doctor), where the vertical has doctors; elsewhere "Dr." is no
    // word and is passed over (a run of nouns starts only at a word, so that every step moves on).
    const title = TITLES.has(token.normal) && terms.aspects.doctor !== undefined;
    if (taken[i] || !(isWord(token) || title)) {
      i += 1;
      continue;
    }
    if (title) {
      let end = i + 1;
      while (end < tokens.length && (tokens[end] as Token).pos === "PROPN") end += 1;
      spans.push({ from: i, to: end, keyword: "doctor", category: terms.aspects.doctor, implied: false });
      taken.fill(1, i, end);
      i = end;
      continue;
    }
    const single = terms.aspects[token.lemma] ?? terms.aspects[token.normal];
    if (!NOUNISH.has(token.pos)) {
      if (single !== undefined && token.pos !== "VERB" && token.pos !== "ADJ" && token.pos !== "ADV") {
        spans.push({ from: i, to: i + 1, keyword: keywordOf([token], true), category: single, implied: false });
        taken[i] = 1;
      }
      i += 1;
      continue;
    }
    let end = i;
    while (
      end < tokens.length &&
      !taken[end] &&
      NOUNISH.has((tokens[end] as Token).pos) &&
      isWord(tokens[end] as Token)
    ) {
      end += 1;
    }
    const span = nounRun(tokens, Math.max(i, end - 3), end, terms, opinion);
    if (span) {
      spans.push(span);
      taken.fill(1, span.from, span.to);
    }
    i = end;
  }
  // Words that imply an aspect ("waited", "overpriced") when nothing in the sentence names its category.
  const named = new Set(spans.map((span) => span.category));
  for (let k = 0; k < tokens.length; k += 1) {
    if (taken[k]) continue;
    const token = tokens[k] as Token;
    const cue = terms.cues[token.normal] ?? terms.cues[token.lemma];
    if (!cue || named.has(cue[0])) continue;
    // "can't wait to come back" is eagerness, not a wait.
    if (token.lemma === "wait" && tokens[k + 1]?.normal === "to") continue;
    named.add(cue[0]);
    spans.push({ from: k, to: k + 1, keyword: cue[1], category: cue[0], implied: true });
  }
  return spans.sort((a, b) => a.from - b.from);
}

function nounRun(
  tokens: readonly Token[],
  from: number,
  to: number,
  terms: DomainTerms,
  opinion: (i: number) => boolean,
): Span | undefined {
  // Proper nouns (people, places, brands) are not keywords unless a list knows them.
  let start = from;
  while (start < to) {
    const token = tokens[start] as Token;
    if (token.pos === "NOUN" || terms.aspects[token.lemma] !== undefined) break;
    start += 1;
  }
  if (start >= to) return undefined;
  const run = tokens.slice(start, to);
  const keyword = keywordOf(run);
  // The longest known suffix names the category ("sushi chef" → chef's).
  for (let k = 0; k < run.length; k += 1) {
    const category = terms.aspects[keywordOf(run.slice(k))];
    if (category !== undefined) return { from: start, to, keyword, category, implied: false };
  }
  const head = run[run.length - 1] as Token;
  const category = terms.heads[head.lemma];
  if (category !== undefined) return { from: start, to, keyword, category, implied: false };
  if (run.length === 1 && (GENERIC_NOUNS.has(head.lemma) || head.stopWord || head.lemma.length < 3)) return undefined;
  // A noun that is itself an opinion ("disappointment", "nightmare") is not a topic.
  if (run.length === 1 && opinion(to - 1)) return undefined;
  return { from: start, to, keyword, category: undefined, implied: false };
}
