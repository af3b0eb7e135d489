// Reads the SemEval aspect-based sentiment training files (/work/shared/data/absa, see its README) into one shape.
// The files are regular, machine-written XML, so a few patterns read them; no XML library is needed.
import { readFileSync } from "node:fs";

export type Polarity = "positive" | "negative" | "neutral" | "conflict";

export type LabelledSentence = {
  id: string;
  source: "semeval2014" | "semeval2015";
  text: string;
  /** Aspect terms as written, with their character span; `category` is known only in the 2015 set. */
  terms: { term: string; from: number; to: number; polarity: Polarity; category?: string | null }[];
  /** Our category names (food, service, value, atmosphere, location) or null for general/miscellaneous. */
  categories: { category: string | null; polarity: Polarity }[];
};

export const DEFAULT_DATA_DIR = "/work/shared/data/absa";

const SEMEVAL_CATEGORIES: Record<string, string | null> = {
  food: "food",
  drinks: "food",
  service: "service",
  price: "value",
  prices: "value",
  ambience: "atmosphere",
  location: "location",
  "anecdotes/miscellaneous": null,
  restaurant: null,
};

/** Maps "price", "ambience", or 2015 "FOOD#PRICES" / "RESTAURANT#GENERAL" to our category names. */
export function mapCategory(raw: string): string | null {
  const [entity = "", attribute = ""] = raw.toLowerCase().split("#");
  if (attribute === "prices") return "value";
  return SEMEVAL_CATEGORIES[entity] ?? null;
}

function decode(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of tag.matchAll(/(\w+)="([^"]*)"/g)) out[match[1] ?? ""] = decode(match[2] ?? "");
  return out;
}

function asPolarity(value: string | undefined): Polarity {
  return value === "positive" || value === "negative" || value === "conflict" ? value : "neutral";
}

export function parseSemEval(xml: string, source: LabelledSentence["source"]): LabelledSentence[] {
  const sentences: LabelledSentence[] = [];
  for (const match of xml.matchAll(/<sentence\b([^>]*)>([\s\S]*?)<\/sentence>/g)) {
    const head = attributes(match[1] ?? "");
    const body = match[2] ?? "";
    const text = decode(/<text>([\s\S]*?)<\/text>/.exec(body)?.[1] ?? "");
    const terms: LabelledSentence["terms"] = [];
    const categories: LabelledSentence["categories"] = [];
    for (const tag of body.matchAll(/<aspectTerm\b([^>]*)\/>/g)) {
      const a = attributes(tag[1] ?? "");
      terms.push({ term: a.term ?? "", from: Number(a.from), to: Number(a.to), polarity: asPolarity(a.polarity) });
    }
    for (const tag of body.matchAll(/<aspectCategory\b([^>]*)\/>/g)) {
      const a = attributes(tag[1] ?? "");
      categories.push({ category: mapCategory(a.category ?? ""), polarity: asPolarity(a.polarity) });
    }
    for (const tag of body.matchAll(/<Opinion\b([^>]*)\/>/g)) {
      const a = attributes(tag[1] ?? "");
      const category = mapCategory(a.category ?? "");
      const polarity = asPolarity(a.polarity);
      categories.push({ category, polarity });
      if (a.target && a.target !== "NULL") {
        terms.push({ term: a.target, from: Number(a.from), to: Number(a.to), polarity, category });
      }
    }
    sentences.push({ id: head.id ?? "", source, text, terms, categories });
  }
  return sentences;
}

export function readTrainingData(dir = DEFAULT_DATA_DIR): LabelledSentence[] {
  return [
    ...parseSemEval(readFileSync(`${dir}/semeval2014-restaurants-train.xml`, "utf8"), "semeval2014"),
    ...parseSemEval(readFileSync(`${dir}/semeval2015-restaurants-train.xml`, "utf8"), "semeval2015"),
  ];
}
