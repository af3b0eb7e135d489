// Shapes of the phrase data behind the demo review generator (`../review-text.ts`).
//
// Templates are plain strings with `{key}` placeholders. A key resolves through the vertical's
// vocabulary, then the common one; a key ending in `2` (`{dish2}`) draws from the same list as its
// base key but differs from it. Within one review a key keeps its value, so a name said twice is
// the same person. `{be:dish}`, `{is:dish}` and `{a:dish}` agree with the value ("were", "are", "an").
//
// A template may start with tags in brackets: `[food+ service-] Bad food, bad service.` An aspect
// tag (`+` positive, `-` negative, `~` neutral) says the template also mentions that category; it is
// added to the review's aspects and never used where it would contradict them. `[new]` and
// `[regular]` mark a first visit or a returning customer; a review does not mix the two. Tags in
// the `mixed` pools carry both a `+` and a `-`, or only `~`, so a 3 star review never reads one-sided.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** One value, chosen with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** `count` distinct items in random order (all of them when `count` is larger). */
  sample<T>(items: readonly T[], count: number): T[];
}

export type Vertical = "restaurant" | "healthcare" | "automotive";
export type Sentiment = "positive" | "negative" | "neutral";
export type Tone = "positive" | "mixed" | "negative";

export type VocabularyEntry = readonly string[] | ((random: Random) => string);
export type Vocabulary = Readonly<Record<string, VocabularyEntry>>;

export interface AspectPhrases {
  /** Praise of this aspect; fits a 4 or 5 star review. */
  positive: readonly string[];
  /** A complaint about this aspect; fits a 1 or 2 star review, or a mixed one. */
  negative: readonly string[];
  /** A plain fact that reads well at any rating. */
  neutral: readonly string[];
  /** Lukewarm ("fine, nothing special"); used in 2 to 4 star reviews. Sentiment neutral. */
  lukewarm: readonly string[];
}

export interface VerticalPhrases {
  categories: readonly string[];
  aspects: Readonly<Record<string, AspectPhrases>>;
  /** Aspect-free sentences that set the scene ("Came in for brunch with my sister."). */
  context: readonly string[];
  openings: Readonly<Record<Tone, readonly string[]>>;
  closings: Readonly<Record<Tone, readonly string[]>>;
  /** Whole short reviews that name no aspect ("Love this place."). */
  oneLiners: Readonly<Record<Tone, readonly string[]>>;
  titles: Readonly<Record<Tone, readonly string[]>>;
  vocabulary: Vocabulary;
  responses: ResponsePhrases;
}

export interface ResponsePhrases {
  /** Thanks for a kind review, specific to the business ("We'll tell the kitchen."). */
  praise: readonly string[];
  /** What the business will do about a complaint ("I've shared this with our service manager."). */
  action: readonly string[];
  /** Invitation to get in touch. */
  contact: readonly string[];
  /** Who signs the reply. */
  signers: readonly string[];
}
