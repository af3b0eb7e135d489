// Deterministic text for the demo data: reviews that read as if people wrote them, with ratings
// that agree with the words, and owners' replies to them. Pure: the same seed gives the same text.
//
// A review is a plan (rating, which aspects it talks about and how it feels about each) rendered
// from phrase templates in `./text/`. The plan is returned as `aspects`, so tests and the
// text-analysis engine can check what the text says.

import { AUTOMOTIVE } from "./text/automotive.ts";
import {
  COMMON_CLOSINGS,
  COMMON_ONE_LINERS,
  COMMON_OPENINGS,
  COMMON_TITLES,
  COMMON_VOCABULARY,
  CONTRAST,
  greetingName,
  ONE_BRIGHT_SPOT,
  ONE_COMPLAINT,
  RESPONSE_ANONYMOUS_GREETINGS,
  RESPONSE_APOLOGIES,
  RESPONSE_FEEDBACK_THANKS,
  RESPONSE_GREETINGS,
  RESPONSE_INVITES,
  RESPONSE_MIXED,
  RESPONSE_SECOND_CHANCE,
  RESPONSE_SMALL_APOLOGIES,
  RESPONSE_THANKS,
  authorName as randomAuthorName,
} from "./text/common.ts";
import { HEALTHCARE } from "./text/healthcare.ts";
import { RESTAURANT } from "./text/restaurant.ts";
import type { Random, Sentiment, Tone, Vertical, VerticalPhrases, Vocabulary, VocabularyEntry } from "./text/types.ts";

export type { Random, Sentiment, Vertical } from "./text/types.ts";

export type Rating = 1 | 2 | 3 | 4 | 5;

export interface AspectMention {
  category: string;
  sentiment: Sentiment;
}

export interface GeneratedReview {
  rating: Rating;
  /** Null when the reviewer gave no title (most sources have none). */
  title: string | null;
  /** Empty for a rating-only review. */
  content: string;
  /** The categories the content talks about, each once, with the sentiment the content expresses. */
  aspects: AspectMention[];
  authorName: string;
}

export interface ReviewOptions {
  vertical: Vertical;
  locationName: string;
  city?: string;
}

export interface ResponseOptions {
  vertical: Vertical;
  rating: Rating;
  authorName: string;
  locationName: string;
}

export const PHRASES: Readonly<Record<Vertical, VerticalPhrases>> = {
  restaurant: RESTAURANT,
  healthcare: HEALTHCARE,
  automotive: AUTOMOTIVE,
};

/** J-shaped: mostly fives, a bump of ones, few twos and threes. Healthcare draws more ones. */
const RATING_WEIGHTS: Readonly<Record<Vertical, readonly (readonly [Rating, number])[]>> = {
  restaurant: [
    [5, 54],
    [4, 18],
    [3, 7],
    [2, 6],
    [1, 15],
  ],
  healthcare: [
    [5, 57],
    [4, 12],
    [3, 5],
    [2, 6],
    [1, 20],
  ],
  automotive: [
    [5, 62],
    [4, 13],
    [3, 5],
    [2, 4],
    [1, 16],
  ],
};

const RATING_ONLY_SHARE = 0.05;
const TITLE_SHARE = 0.45;

/** mulberry32: a small, fast 32-bit PRNG; good enough for demo data, not for secrets. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[int(0, items.length - 1)] as T;
  };
  return {
    next,
    int,
    pick,
    chance: (probability) => next() < probability,
    weighted: <T>(entries: readonly (readonly [T, number])[]): T => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      if (!(total > 0)) throw new Error("weighted pick needs a positive total weight");
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
    sample: <T>(items: readonly T[], count: number): T[] => {
      const pool = [...items];
      for (let i = pool.length - 1; i > 0; i--) {
        const j = int(0, i);
        [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
      }
      return pool.slice(0, Math.max(0, count));
    },
  };
}

// Templates

const PLACEHOLDER = /\{(?:(be|is|a):)?(\w+)\}/g;

function isPlural(phrase: string): boolean {
  const last = phrase.split(" ").at(-1) ?? "";
  return /[^s]s$/.test(last);
}

function indefiniteArticle(phrase: string): "a" | "an" {
  // Acronyms go by the letter's sound ("an MRI", "a PA"); words by their first letter.
  if (/^[A-Z]{2}/.test(phrase) || /^X-/.test(phrase)) return /^[AEFHILMNORSX]/.test(phrase) ? "an" : "a";
  return /^[aeiou]/i.test(phrase) ? "an" : "a";
}

/**
 * Fills templates for one review or reply. A placeholder keeps its value for the whole text, so
 * `{server}` is the same person in every sentence; `{dish2}` is a dish other than `{dish}`.
 */
class Filler {
  private readonly values = new Map<string, string>();

  constructor(
    private readonly random: Random,
    private readonly vocabularies: readonly Vocabulary[],
    fixed: Readonly<Record<string, string | undefined>>,
  ) {
    for (const [key, value] of Object.entries(fixed)) if (value !== undefined) this.values.set(key, value);
  }

  /** Whether every placeholder in the template can be filled (`{city}` only when a city is known). */
  canFill(template: string): boolean {
    for (const match of template.matchAll(PLACEHOLDER)) {
      const key = match[2]!;
      if (!this.values.has(key) && !this.entry(key.replace(/2$/, ""))) return false;
    }
    return true;
  }

  fill(template: string): string {
    return template.replace(PLACEHOLDER, (_, modifier: string | undefined, key: string) => {
      const value = this.value(key);
      if (modifier === "be") return isPlural(value) ? "were" : "was";
      if (modifier === "is") return isPlural(value) ? "are" : "is";
      if (modifier === "a") return indefiniteArticle(value);
      return value;
    });
  }

  private entry(key: string): VocabularyEntry | undefined {
    for (const vocabulary of this.vocabularies) {
      const entry = vocabulary[key];
      if (entry) return entry;
    }
    return undefined;
  }

  private value(key: string): string {
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const base = key.replace(/2$/, "");
    const entry = this.entry(base);
    if (!entry) throw new Error(`No vocabulary for placeholder {${key}}`);
    const avoid = base === key ? undefined : this.value(base);
    let value = this.draw(entry);
    for (let attempt = 0; value === avoid && attempt < 8; attempt++) value = this.draw(entry);
    this.values.set(key, value);
    return value;
  }

  private draw(entry: VocabularyEntry): string {
    const value = typeof entry === "function" ? entry(this.random) : this.random.pick(entry);
    // A value may itself use placeholders ("{year} {model}"), so the parts stay consistent.
    return value.includes("{") ? this.fill(value) : value;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lower-cases a template's first letter so it can follow a connector, unless it is a name, "I" or an acronym. */
function afterConnector(template: string): string {
  if (template.startsWith("{") || /^I[\s']/.test(template) || /^[A-Z]{2}/.test(template)) return template;
  return template.charAt(0).toLowerCase() + template.slice(1);
}

// Reviews

type Visit = "new" | "regular";

interface Template {
  text: string;
  /** Categories the template mentions besides the one it was chosen for (from its `[...]` tags). */
  aspects: AspectMention[];
  visit: Visit | null;
}

const TAGS = /^\[([^\]]*)\]\s*/;
const MARKS: Readonly<Record<string, Sentiment>> = { "+": "positive", "-": "negative", "~": "neutral" };
const parsedTemplates = new Map<string, Template>();

/** Splits a template's leading `[food+ regular]` tags from its text. */
export function parseTemplate(raw: string): Template {
  const cached = parsedTemplates.get(raw);
  if (cached) return cached;
  const match = TAGS.exec(raw);
  const template: Template = { text: match ? raw.slice(match[0].length) : raw, aspects: [], visit: null };
  for (const tag of match?.[1]?.split(/\s+/).filter(Boolean) ?? []) {
    if (tag === "new" || tag === "regular") {
      template.visit = tag;
      continue;
    }
    const sentiment = MARKS[tag.slice(-1)];
    if (!sentiment) throw new Error(`Bad tag [${tag}] in template: ${raw}`);
    template.aspects.push({ category: tag.slice(0, -1), sentiment });
  }
  parsedTemplates.set(raw, template);
  return template;
}

function toneOf(rating: Rating): Tone {
  if (rating >= 4) return "positive";
  if (rating === 3) return "mixed";
  return "negative";
}

type Length = "short" | "medium" | "long";

/** Which categories the review talks about, and how it feels about each. */
function planAspects(random: Random, categories: readonly string[], rating: Rating, count: number): AspectMention[] {
  const main: Sentiment = rating >= 4 ? "positive" : "negative";
  const plan = random.sample(categories, count).map((category): AspectMention => ({ category, sentiment: main }));
  const last = plan[plan.length - 1]!;
  if (rating === 3) {
    if (plan.length === 1) {
      last.sentiment = "neutral";
    } else {
      // At least one of each, the rest a mix.
      plan[0]!.sentiment = "positive";
      plan[1]!.sentiment = "negative";
      for (const mention of plan.slice(2)) {
        mention.sentiment = random.weighted<Sentiment>([
          ["positive", 2],
          ["negative", 2],
          ["neutral", 1],
        ]);
      }
    }
  } else if (plan.length >= 2) {
    // A 4 with one complaint, a 2 with one good word; plain facts anywhere.
    const leaning = rating === 4 || rating === 2;
    if (leaning && random.chance(0.4)) last.sentiment = rating === 4 ? "negative" : "positive";
    else if (random.chance(leaning ? 0.25 : 0.12)) last.sentiment = "neutral";
  }
  return random.sample(plan, plan.length);
}

class ReviewWriter {
  private readonly filler: Filler;
  private readonly mentioned = new Map<string, Sentiment>();
  private visit: Visit | null = null;
  private readonly tone: Tone;

  constructor(
    private readonly random: Random,
    private readonly phrases: VerticalPhrases,
    private readonly rating: Rating,
    options: ReviewOptions,
  ) {
    this.tone = toneOf(rating);
    this.filler = new Filler(random, [phrases.vocabulary, COMMON_VOCABULARY], {
      location: options.locationName,
      city: options.city,
    });
  }

  /** What the text has said so far, in the order it was planned or said. */
  get aspects(): AspectMention[] {
    return [...this.mentioned].map(([category, sentiment]) => ({ category, sentiment }));
  }

  /** Commits to the planned aspects first, so no later phrase can contradict them. */
  plan(mentions: readonly AspectMention[]): void {
    for (const mention of mentions) this.mentioned.set(mention.category, mention.sentiment);
  }

  private fits(template: Template): boolean {
    if (template.visit && this.visit && template.visit !== this.visit) return false;
    for (const { category, sentiment } of template.aspects) {
      const said = this.mentioned.get(category);
      if (said !== undefined && said !== sentiment) return false;
    }
    return this.filler.canFill(template.text);
  }

  /** A template from the list that agrees with what the review has said; null when none does. */
  private choose(templates: readonly string[]): Template | null {
    const usable = templates.map(parseTemplate).filter((template) => this.fits(template));
    if (usable.length === 0) return null;
    const template = this.random.pick(usable);
    if (template.visit) this.visit = template.visit;
    for (const { category, sentiment } of template.aspects) this.mentioned.set(category, sentiment);
    return template;
  }

  private render(template: Template | null): string | null {
    return template ? capitalize(this.filler.fill(template.text)) : null;
  }

  /** From the vertical's own phrases or the common ones, whichever fits. */
  private either(own: Readonly<Record<Tone, readonly string[]>>, common: Readonly<Record<Tone, readonly string[]>>) {
    const [first, second] = this.random.chance(0.55) ? [own, common] : [common, own];
    return this.render(this.choose(first[this.tone]) ?? this.choose(second[this.tone]));
  }

  private aspectTemplate(mention: AspectMention, alone: boolean): Template {
    const phrases = this.phrases.aspects[mention.category];
    if (!phrases) throw new Error(`No phrases for category ${mention.category}`);
    let pool = phrases.neutral;
    if (mention.sentiment !== "neutral") pool = phrases[mention.sentiment];
    // A 3 star review that says one thing says it was so-so; a bare fact would not explain the rating.
    else if (this.random.chance(this.rating === 3 ? (alone ? 1 : 0.6) : this.rating % 2 === 0 ? 0.3 : 0)) {
      pool = phrases.lukewarm;
    }
    const template = this.choose(pool);
    if (!template) throw new Error(`No ${mention.sentiment} phrase fits for ${mention.category}`);
    return template;
  }

  /**
   * Sentences about the planned aspects: the leading sentiment first, then a turn ("That said, ...")
   * to the other one. Returns the two groups, so a long review can break between them.
   */
  aspectSentences(plan: readonly AspectMention[]): string[][] {
    const lead: Sentiment =
      this.rating === 3
        ? this.random.pick<Sentiment>(["positive", "negative"])
        : this.rating >= 4
          ? "positive"
          : "negative";
    const say = (mention: AspectMention) => this.render(this.aspectTemplate(mention, plan.length === 1))!;
    const first = plan.filter((mention) => mention.sentiment === lead).map(say);
    const facts = plan.filter((mention) => mention.sentiment === "neutral").map(say);
    if (this.random.chance(0.5)) first.unshift(...facts);
    else first.push(...facts);

    const other = plan.filter((mention) => mention.sentiment !== lead && mention.sentiment !== "neutral");
    const turned = other.map((mention, index) => {
      if (index > 0 || this.random.chance(0.2)) return say(mention);
      const template = this.aspectTemplate(mention, false);
      const connector = this.connector(mention.sentiment, other.length);
      return `${connector} ${this.filler.fill(afterConnector(template.text))}`;
    });
    return turned.length > 0 ? [first, turned] : [first];
  }

  private connector(sentiment: Sentiment, count: number): string {
    if (count === 1 && this.rating === 4) return this.random.pick(ONE_COMPLAINT);
    if (count === 1 && this.rating === 2) return this.random.pick(ONE_BRIGHT_SPOT);
    return this.random.pick(sentiment === "negative" ? CONTRAST.toNegative : CONTRAST.toPositive);
  }

  opening(): string | null {
    return this.either(this.phrases.openings, COMMON_OPENINGS);
  }

  closing(): string | null {
    return this.either(this.phrases.closings, COMMON_CLOSINGS);
  }

  oneLiner(): string {
    return this.either(this.phrases.oneLiners, COMMON_ONE_LINERS) ?? this.render(parseTemplate("Okay."))!;
  }

  context(): string | null {
    return this.render(this.choose(this.phrases.context));
  }

  title(): string | null {
    return this.either(this.phrases.titles, COMMON_TITLES);
  }
}

/** Generates one review for a location of the given vertical. */
export function generateReview(random: Random, options: ReviewOptions): GeneratedReview {
  const phrases = PHRASES[options.vertical];
  const rating = random.weighted(RATING_WEIGHTS[options.vertical]);
  const authorName = randomAuthorName(random);
  if (random.chance(RATING_ONLY_SHARE)) return { rating, title: null, content: "", aspects: [], authorName };

  const writer = new ReviewWriter(random, phrases, rating, options);
  const length = random.weighted<Length>([
    ["short", 18],
    ["medium", 46],
    ["long", 36],
  ]);

  let paragraphs: string[][];
  if (length === "short" && random.chance(0.3)) {
    const line = writer.oneLiner();
    const extra = random.weighted<string>([
      ["none", 25],
      ["closing", 50],
      ["opening", 25],
    ]);
    const opening = extra === "opening" ? writer.opening() : null;
    const closing = extra === "closing" ? writer.closing() : null;
    paragraphs = [[opening, line, closing].filter((sentence) => sentence !== null)];
  } else {
    const count =
      length === "short" ? 1 : length === "medium" ? random.int(2, 3) : random.int(3, phrases.categories.length - 1);
    const plan = planAspects(random, phrases.categories, rating, count);
    writer.plan(plan);
    paragraphs = writer.aspectSentences(plan);
    const chances = {
      short: { opening: 0.3, context: 0.1, closing: 0.7 },
      medium: { opening: 0.35, context: 0.25, closing: 0.45 },
      long: { opening: 0.7, context: 0.6, closing: 0.75 },
    }[length];
    const context = random.chance(chances.context) ? writer.context() : null;
    const opening = random.chance(chances.opening) ? writer.opening() : null;
    const closing = random.chance(chances.closing) ? writer.closing() : null;
    paragraphs[0]!.unshift(...[opening, context].filter((sentence) => sentence !== null));
    if (closing) paragraphs[paragraphs.length - 1]!.push(closing);
  }

  // Most people write one block; some long reviews break where the review turns.
  const breakLines = length === "long" && paragraphs.length > 1 && random.chance(0.3);
  const content = paragraphs.map((sentences) => sentences.join(" ")).join(breakLines ? "\n\n" : " ");
  const title = random.chance(TITLE_SHARE) ? writer.title() : null;
  return { rating, title, content, aspects: writer.aspects, authorName };
}

// Owner responses

/** Generates an owner's reply to a review: thanks for praise, an apology and a way to get in touch for complaints. */
export function generateResponse(random: Random, options: ResponseOptions): string {
  const phrases = PHRASES[options.vertical].responses;
  const name = greetingName(options.authorName);
  const filler = new Filler(random, [PHRASES[options.vertical].vocabulary, COMMON_VOCABULARY], {
    location: options.locationName,
    author: name ?? undefined,
  });
  const sentences: string[] = [];
  const add = (templates: readonly string[]) => sentences.push(filler.fill(random.pick(templates)));

  if (options.rating >= 4) {
    add(RESPONSE_THANKS);
    if (random.chance(0.65)) add(phrases.praise);
    if (options.rating === 4 && random.chance(0.4)) {
      add(["We'd love to earn that fifth star next time.", "We'll keep working to make it a five-star visit."]);
    }
    if (random.chance(0.55)) add(RESPONSE_INVITES);
  } else if (options.rating === 3) {
    add(RESPONSE_FEEDBACK_THANKS);
    add(RESPONSE_MIXED);
    if (random.chance(0.6)) add(RESPONSE_SMALL_APOLOGIES);
    if (random.chance(0.5)) add(phrases.action);
    add(random.chance(0.5) ? phrases.contact : RESPONSE_SECOND_CHANCE);
  } else {
    add(RESPONSE_APOLOGIES);
    if (random.chance(0.7)) add(phrases.action);
    add(phrases.contact);
    if (random.chance(0.4)) add(RESPONSE_SECOND_CHANCE);
  }

  const greeting = random.chance(0.85)
    ? filler.fill(random.pick(name ? RESPONSE_GREETINGS : RESPONSE_ANONYMOUS_GREETINGS))
    : null;
  const signer = random.chance(0.7) ? filler.fill(random.pick(phrases.signers)) : null;
  const body = sentences.join(" ");
  // "Hi Maria," stands on its own line; "Hi Maria!" runs into the text.
  const opened = greeting ? `${greeting}${greeting.endsWith(",") ? "\n\n" : " "}${body}` : body;
  return signer ? `${opened}\n\n${signer}` : opened;
}
