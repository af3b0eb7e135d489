import { describe, expect, it } from "vitest";
import {
  createRandom,
  type GeneratedReview,
  generateResponse,
  generateReview,
  PHRASES,
  parseTemplate,
  type Rating,
  type Vertical,
} from "./review-text.ts";
import { COMMON_VOCABULARY } from "./text/common.ts";

const VERTICALS: readonly Vertical[] = ["restaurant", "healthcare", "automotive"];
const CATEGORIES: Readonly<Record<Vertical, readonly string[]>> = {
  restaurant: ["food", "service", "atmosphere", "value", "waittime", "location"],
  healthcare: ["carequality", "bedsidemanner", "staff", "waittime", "facilities", "patient"],
  automotive: ["service", "staff", "value", "product", "waittime", "facilities"],
};
const LEFTOVER = /[{}[\]]|undefined|null|NaN|\s[.,!?]| {2}|\.\./;

function reviews(vertical: Vertical, count: number, seed = 1): GeneratedReview[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, i) =>
    generateReview(random, { vertical, locationName: "Oak Street", city: i % 2 === 0 ? "Denver" : undefined }),
  );
}

const sample = new Map(VERTICALS.map((vertical) => [vertical, reviews(vertical, 5000)]));
const of = (vertical: Vertical) => sample.get(vertical)!;

describe("createRandom", () => {
  it("repeats its sequence for the same seed and differs for another", () => {
    const a = createRandom(7);
    const b = createRandom(7);
    const c = createRandom(8);
    const first = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });

  it("draws integers in the closed range and picks every item", () => {
    const random = createRandom(3);
    const ints = new Set(Array.from({ length: 500 }, () => random.int(2, 5)));
    expect([...ints].sort()).toEqual([2, 3, 4, 5]);
    const picked = new Set(Array.from({ length: 200 }, () => random.pick(["a", "b", "c"])));
    expect(picked.size).toBe(3);
    expect(() => random.pick([])).toThrow();
  });

  it("honours probabilities and weights", () => {
    const random = createRandom(11);
    expect(Array.from({ length: 100 }, () => random.chance(0)).some(Boolean)).toBe(false);
    expect(Array.from({ length: 100 }, () => random.chance(1)).every(Boolean)).toBe(true);
    const draws = Array.from({ length: 4000 }, () =>
      random.weighted([
        ["never", 0],
        ["rare", 1],
        ["often", 3],
      ]),
    );
    expect(draws).not.toContain("never");
    const often = draws.filter((draw) => draw === "often").length / draws.length;
    expect(often).toBeGreaterThan(0.7);
    expect(often).toBeLessThan(0.8);
  });

  it("samples distinct items", () => {
    const random = createRandom(5);
    const items = [1, 2, 3, 4, 5, 6];
    const taken = random.sample(items, 4);
    expect(new Set(taken).size).toBe(4);
    expect(random.sample(items, 10).sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("generateReview", () => {
  it("gives the same reviews for the same seed and different ones for another", () => {
    for (const vertical of VERTICALS) {
      expect(reviews(vertical, 200, 99)).toEqual(reviews(vertical, 200, 99));
      const other = reviews(vertical, 200, 100).map((review) => review.content);
      const same = reviews(vertical, 200, 99).filter((review, i) => review.content === other[i]).length;
      expect(same).toBeLessThan(30);
    }
  });

  it.each(VERTICALS)("rates %s in a J shape: mostly fives, then ones, few twos and threes", (vertical) => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (const review of of(vertical)) counts[review.rating]!++;
    const [, one, two, three, four, five] = counts as [number, number, number, number, number, number];
    expect(five).toBe(Math.max(one, two, three, four, five));
    expect(five / 5000).toBeGreaterThan(0.45);
    expect(Math.min(one, two, three, four, five)).toBe(Math.min(two, three));
    expect(one).toBeGreaterThan(Math.max(two, three));
    expect(four).toBeGreaterThan(Math.max(two, three));
  });

  it.each(VERTICALS)("keeps %s ratings in line with the sentiment of the text", (vertical) => {
    let mixedFours = 0;
    let mixedThrees = 0;
    for (const review of of(vertical)) {
      const sentiments = new Set(review.aspects.map((aspect) => aspect.sentiment));
      const onlyPositive = sentiments.size === 1 && sentiments.has("positive");
      const onlyNegative = sentiments.size === 1 && sentiments.has("negative");
      if (onlyPositive) expect(review.rating, review.content).toBeGreaterThanOrEqual(4);
      if (onlyNegative) expect(review.rating, review.content).toBeLessThanOrEqual(2);
      if (review.rating === 5) expect(sentiments.has("negative"), review.content).toBe(false);
      if (review.rating === 1) expect(sentiments.has("positive"), review.content).toBe(false);
      if (review.rating === 4 && sentiments.has("negative")) mixedFours++;
      if (review.rating === 3 && sentiments.has("negative") && sentiments.has("positive")) mixedThrees++;
    }
    expect(mixedFours).toBeGreaterThan(50);
    expect(mixedThrees).toBeGreaterThan(50);
  });

  it.each(VERTICALS)("mentions only %s categories, each once", (vertical) => {
    const seen = new Set<string>();
    for (const review of of(vertical)) {
      const categories = review.aspects.map((aspect) => aspect.category);
      expect(new Set(categories).size).toBe(categories.length);
      for (const category of categories) {
        expect(CATEGORIES[vertical]).toContain(category);
        seen.add(category);
      }
      if (review.content === "") expect(review.aspects).toEqual([]);
    }
    expect([...seen].sort()).toEqual([...CATEGORIES[vertical]].sort());
  });

  it.each(VERTICALS)("leaves no placeholder or stray punctuation in %s text", (vertical) => {
    for (const review of of(vertical)) {
      expect(review.content).not.toMatch(LEFTOVER);
      expect(review.title ?? "").not.toMatch(LEFTOVER);
      expect(review.authorName).not.toMatch(LEFTOVER);
      if (review.content) expect(review.content).toMatch(/^[A-Z0-9$"]/);
      if (review.content) expect(review.content).toMatch(/[.!?"]$/);
    }
  });

  it.each(VERTICALS)("varies %s in length, titles and authors, with some rating-only reviews", (vertical) => {
    const all = of(vertical);
    const ratingOnly = all.filter((review) => review.content === "");
    expect(ratingOnly.length / all.length).toBeGreaterThan(0.03);
    expect(ratingOnly.length / all.length).toBeLessThan(0.07);
    for (const review of ratingOnly) expect(review.title).toBeNull();
    const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean).length;
    expect(all.filter((review) => review.content && sentences(review.content) === 1).length).toBeGreaterThan(100);
    expect(all.filter((review) => sentences(review.content) >= 5).length).toBeGreaterThan(500);
    const titled = all.filter((review) => review.title !== null).length / all.length;
    expect(titled).toBeGreaterThan(0.3);
    expect(titled).toBeLessThan(0.6);
    expect(new Set(all.map((review) => review.authorName)).size).toBeGreaterThan(3000);
    expect(all.some((review) => /^[a-z_0-9]+$/.test(review.authorName))).toBe(true);
    expect(all.some((review) => review.content.includes("Denver"))).toBe(true);
    expect(all.filter((_, i) => i % 2 === 1).some((review) => review.content.includes("Denver"))).toBe(false);
  });

  it.each(VERTICALS)("writes at least 90%% distinct %s texts over 10,000 reviews", (vertical) => {
    const texts = reviews(vertical, 10_000, 2024).map((review) => review.content);
    expect(new Set(texts).size).toBeGreaterThanOrEqual(9000);
  });
});

describe("phrase data", () => {
  const placeholder = /\{(?:(?:be|is|a):)?(\w+)\}/g;

  it.each(VERTICALS)("%s has hundreds of phrases, all with known placeholders and valid tags", (vertical) => {
    const phrases = PHRASES[vertical];
    const known = new Set([...Object.keys(phrases.vocabulary), ...Object.keys(COMMON_VOCABULARY), "location", "city"]);
    const pools: [string, readonly string[]][] = [
      ["context", phrases.context],
      ...Object.entries(phrases.aspects).flatMap(([category, aspect]) =>
        Object.entries(aspect).map(([kind, list]): [string, readonly string[]] => [`${category}.${kind}`, list]),
      ),
      ...(["openings", "closings", "oneLiners", "titles"] as const).flatMap((pool) =>
        Object.entries(phrases[pool]).map(([tone, list]): [string, readonly string[]] => [`${pool}.${tone}`, list]),
      ),
    ];
    expect(Object.keys(phrases.aspects).sort()).toEqual([...CATEGORIES[vertical]].sort());
    expect(pools.reduce((sum, [, list]) => sum + list.length, 0)).toBeGreaterThanOrEqual(240);

    for (const [pool, list] of pools) {
      expect(list.length, pool).toBeGreaterThan(0);
      for (const raw of list) {
        const template = parseTemplate(raw);
        for (const match of template.text.matchAll(placeholder)) {
          expect(known.has(match[1]!.replace(/2$/, "")), `${pool}: ${raw}`).toBe(true);
        }
        const marks = new Set(template.aspects.map((aspect) => aspect.sentiment));
        for (const aspect of template.aspects) expect(CATEGORIES[vertical], raw).toContain(aspect.category);
        // Tags agree with the pool's tone; mixed pools never lean one way only.
        if (pool.endsWith(".positive"))
          expect(
            [...marks].every((mark) => mark === "positive"),
            raw,
          ).toBe(true);
        if (pool.endsWith(".negative"))
          expect(
            [...marks].every((mark) => mark === "negative"),
            raw,
          ).toBe(true);
        if (pool.endsWith(".mixed") && marks.size > 0) {
          const balanced =
            (marks.has("positive") && marks.has("negative")) || (marks.size === 1 && marks.has("neutral"));
          expect(balanced, raw).toBe(true);
        }
      }
    }
  });
});

describe("generateResponse", () => {
  const respond = (vertical: Vertical, rating: Rating, authorName: string, seed: number) =>
    generateResponse(createRandom(seed), { vertical, rating, authorName, locationName: "Oak Street" });

  it.each(VERTICALS)("apologises for %s complaints and invites contact", (vertical) => {
    for (let seed = 0; seed < 300; seed++) {
      for (const rating of [1, 2] as const) {
        const reply = respond(vertical, rating, "Maria G.", seed);
        expect(reply).toMatch(/sorry|apologi[sz]e|apologies/i);
        expect(reply).toMatch(/call|contact|reach out|email|message/i);
        expect(reply).not.toMatch(LEFTOVER);
      }
    }
  });

  it.each(VERTICALS)("thanks %s reviewers for praise without apologising", (vertical) => {
    for (let seed = 0; seed < 300; seed++) {
      const reply = respond(vertical, 5, "Maria G.", seed);
      expect(reply).toMatch(/thank/i);
      expect(reply).not.toMatch(/sorry|apologi/i);
      expect(reply).not.toMatch(LEFTOVER);
      expect(respond(vertical, 4, "Maria G.", seed)).toMatch(/thank/i);
      expect(respond(vertical, 3, "Maria G.", seed)).not.toMatch(LEFTOVER);
    }
  });

  it("greets people by first name, never by handle, and varies", () => {
    const replies = Array.from({ length: 200 }, (_, seed) => respond("restaurant", 5, "Maria Gonzalez", seed));
    expect(replies.some((reply) => reply.startsWith("Hi Maria"))).toBe(true);
    expect(replies.some((reply) => reply.includes("Gonzalez"))).toBe(false);
    expect(new Set(replies).size).toBeGreaterThan(150);
    for (let seed = 0; seed < 100; seed++)
      expect(respond("healthcare", 1, "sunny_foodie", seed)).not.toContain("sunny");
    expect(respond("automotive", 2, "Ray K.", 4)).toBe(respond("automotive", 2, "Ray K.", 4));
  });
});
