import type { THighlight } from "@starboard/contract/insights";

// Where a keyword stands in a review's text, for highlighting (reviews.md §2: "a mention's keyword can be
// highlighted in the review text"). Keywords are stored in their short form ("wait time", "pad thai"),
// singular and lower case; the text may say "waiting times" or "Pad Thai". Each word of the keyword
// matches a word that starts with it (its stem, for words longer than three letters), the words
// separated by spaces, hyphens or punctuation.

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A word's stem: "waiting" matches "wait", "services" matches "service", "ies" plurals their "y". */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith("y")) return word.slice(0, -1);
  if (word.length > 4 && word.endsWith("e")) return word.slice(0, -1);
  return word;
}

export function keywordPattern(keyword: string): RegExp | null {
  const words = keyword
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((w) => w !== "");
  if (!words.length) return null;
  const parts = words.map((w) => (w.length > 3 ? `${escapeRegExp(stem(w))}[\\p{L}']*` : `${escapeRegExp(w)}(?:s|es)?`));
  return new RegExp(`(?<![\\p{L}\\p{N}])${parts.join("[\\s\\-_/.,'&]+")}(?![\\p{L}\\p{N}])`, "giu");
}

/** The spans of `keyword` in a review's title and content. */
export function highlightsOf(keyword: string, text: { title: string | null; content: string | null }): THighlight[] {
  const pattern = keywordPattern(keyword);
  if (!pattern) return [];
  const out: THighlight[] = [];
  for (const field of ["title", "content"] as const) {
    const value = text[field];
    if (!value) continue;
    for (const m of value.matchAll(pattern)) {
      out.push({ field, start: m.index, end: m.index + m[0].length });
    }
  }
  return out;
}
