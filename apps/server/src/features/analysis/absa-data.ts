// Reads the SemEval aspect-based sentiment training files (/work/shared/data/absa, see its README) into one shape.
// The files are regular, machine-written XML, so a few patterns read them; no XML library is needed.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

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

/** <repo>/../shared/data/absa: the team's shared data folder beside the repository. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL("../../../../../../shared/data/absa", import.meta.url));

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

/** The categories the restaurant models are trained on: SemEval-2014's five (price → value, ambience → atmosphere). */
export const MODEL_CATEGORIES = ["food", "service", "value", "atmosphere", "miscellaneous"] as const;
export type ModelCategory = (typeof MODEL_CATEGORIES)[number];

/** One distinct sentence with its gold categories and their polarity (several opinions that disagree: conflict). */
export type GoldSentence = {
  text: string;
  /** Which file the labels come from: 2014 when the sentence is in both. */
  source: LabelledSentence["source"];
  labels: Map<ModelCategory, Polarity>;
  /** Aspect terms as written (both years' annotations of the sentence). */
  terms: string[];
};

export function normaliseText(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}

/**
 * Distinct sentences (grouped by normalised text) with labels over MODEL_CATEGORIES. The 2015 set repeats
 * 1,151 of the 2014 sentences: those keep their 2014 labels, the benchmark's scheme. 2015-only sentences are
 * mapped as in `mapCategory`; RESTAURANT#GENERAL, RESTAURANT#MISCELLANEOUS, LOCATION#* and a sentence with
 * no opinion at all count as miscellaneous (location is found by terms, not by a model: 20 labelled sentences).
 * A sentence with no opinion is miscellaneous with neutral polarity.
 */
export function goldSentences(sentences: readonly LabelledSentence[]): GoldSentence[] {
  const byText = new Map<string, GoldSentence>();
  const ordered = [...sentences].sort((a, b) => (a.source === b.source ? 0 : a.source === "semeval2014" ? -1 : 1));
  for (const sentence of ordered) {
    const key = normaliseText(sentence.text);
    const known = byText.get(key);
    if (known) {
      for (const { term } of sentence.terms) if (!known.terms.includes(term)) known.terms.push(term);
      continue;
    }
    const labels = new Map<ModelCategory, Polarity>();
    for (const { category, polarity } of sentence.categories) {
      const name: ModelCategory =
        category === null || category === "location" ? "miscellaneous" : (category as ModelCategory);
      const before = labels.get(name);
      labels.set(name, before && before !== polarity ? "conflict" : polarity);
    }
    if (labels.size === 0) labels.set("miscellaneous", "neutral");
    const terms = [...new Set(sentence.terms.map((t) => t.term))];
    byText.set(key, { text: sentence.text, source: sentence.source, labels, terms });
  }
  return [...byText.values()];
}
