import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEFAULT_DATA_DIR, goldSentences, MODEL_CATEGORIES, readTrainingData } from "./absa-data.ts";
import { VERTICAL_CATEGORIES, verticalOf } from "./domain-terms.ts";
import { analyzeText, loadModel, type Mention } from "./engine.ts";
import { sarcastic } from "./features.ts";
import { fit, scores, Vocabulary } from "./linear.ts";
import { AbsaModel, DEFAULT_OPTIONS, readGold, readText, trainModel } from "./model.ts";

function mention(mentions: Mention[], keyword: string): Mention | undefined {
  return mentions.find((m) => m.keyword === keyword);
}

describe("analyzeText", () => {
  it("gives each aspect the sentiment of its own clause across a contrast", () => {
    const { mentions } = analyzeText("The pad thai was amazing but the waiter was rude", "restaurant");
    expect(mention(mentions, "pad thai")).toEqual({ keyword: "pad thai", category: "food", sentiment: "positive" });
    // Restaurants have a staff category: the people who serve are staff, the service itself is service.
    expect(mention(mentions, "waiter")).toEqual({ keyword: "waiter", category: "staff", sentiment: "negative" });

    const other = analyzeText("the food was good but the service was slow", "restaurant").mentions;
    expect(mention(other, "food")?.sentiment).toBe("positive");
    expect(mention(other, "service")?.sentiment).toBe("negative");
  });

  it("reads negation: not friendly is negative, not bad and not slow are not negative", () => {
    expect(mention(analyzeText("The staff was not friendly.", "restaurant").mentions, "staff")?.sentiment).toBe(
      "negative",
    );
    expect(mention(analyzeText("The food was not bad at all.", "restaurant").mentions, "food")?.sentiment).not.toBe(
      "negative",
    );
    expect(mention(analyzeText("The service was slow.", "restaurant").mentions, "service")?.sentiment).toBe("negative");
    expect(mention(analyzeText("The service was not slow.", "restaurant").mentions, "service")?.sentiment).not.toBe(
      "negative",
    );
  });

  it("reads intensity: intensifiers strengthen the score, downtoners weaken it", () => {
    const plain = analyzeText("The food was good.", "restaurant").score;
    const strong = analyzeText("The food was extremely good.", "restaurant").score;
    const weak = analyzeText("The food was somewhat good.", "restaurant").score;
    expect(weak).toBeGreaterThan(0);
    expect(weak).toBeLessThan(plain);
    expect(strong).toBeGreaterThanOrEqual(plain);
    expect(analyzeText("The food was really awful.", "restaurant").score).toBeLessThan(
      analyzeText("The food was slightly disappointing.", "restaurant").score,
    );
  });

  it("reads sarcasm markers as complaints", () => {
    expect(sarcastic("Oh great, another 45 minute wait.")).toBe(true);
    expect(sarcastic("Great food, great prices.")).toBe(false);
    const wait = analyzeText("Oh great, another 45 minute wait for a cold burger.", "restaurant");
    expect(wait.sentiment).toBe("negative");
    expect(mention(wait.mentions, "wait time")?.sentiment).toBe("negative");
    expect(mention(analyzeText("Yeah right, best service in town.", "restaurant").mentions, "service")?.sentiment).toBe(
      "negative",
    );
    expect(mention(analyzeText("The service was amazing /s", "restaurant").mentions, "service")?.sentiment).toBe(
      "negative",
    );
    expect(analyzeText("Thanks for nothing.", "restaurant").sentiment).toBe("negative");
  });

  it("normalises keywords to their short, singular form", () => {
    const { mentions } = analyzeText("The Wait Times were awful and the desserts were great.", "restaurant");
    expect(mentions.map((m) => m.keyword)).toEqual(expect.arrayContaining(["wait time", "dessert"]));
    expect(mention(mentions, "dessert")?.category).toBe("food");
    expect(analyzeText("Their calzones are horrific.", "restaurant").mentions).toContainEqual({
      keyword: "calzone",
      category: "food",
      sentiment: "negative",
    });
    const clinic = analyzeText("Check-in was quick and the follow-up call was helpful.", "healthcare").mentions;
    expect(mention(clinic, "check-in")?.category).toBe("staff");
  });

  it("maps healthcare sentences to bedside manner and wait time", () => {
    const manner = analyzeText("Dr. Patel has a wonderful bedside manner", "healthcare");
    expect(manner.mentions).toContainEqual({
      keyword: "bedside manner",
      category: "bedsidemanner",
      sentiment: "positive",
    });
    expect(manner.sentiment).toBe("positive");

    const wait = analyzeText("waited 45 minutes past my appointment", "healthcare");
    expect(wait.mentions.find((m) => m.category === "waittime")?.sentiment).toBe("negative");
  });

  it("uses the healthcare categories for healthcare staff", () => {
    const { mentions } = analyzeText("The front desk was chaotic but the hygienist was gentle.", "healthcare");
    expect(mention(mentions, "front desk")).toMatchObject({ category: "staff", sentiment: "negative" });
    expect(mention(mentions, "hygienist")).toMatchObject({ category: "staff", sentiment: "positive" });
  });

  it("reports implied aspects and the overall tone", () => {
    const result = analyzeText("It is very overpriced.", "restaurant");
    expect(result.mentions).toContainEqual({ keyword: "price", category: "value", sentiment: "negative" });
    expect(result.sentiment).toBe("negative");
    expect(result.score).toBeLessThan(0);
  });

  it("answers empty text with no mentions and a neutral tone", () => {
    expect(analyzeText("", "restaurant")).toEqual({ sentiment: "neutral", score: 0, mentions: [] });
  });

  it("only uses the categories of the account's vertical", () => {
    const texts: [string, string][] = [
      ["The salesman was pushy but I love my new car and the financing was easy.", "automotive"],
      ["The waiting room was dirty and the nurse rushed me.", "healthcare"],
      ["Cozy decor, friendly bartender, fair prices, great location. We waited an hour.", "restaurant"],
      ["Nice people, slow wifi, fair price.", "salon"],
    ];
    for (const [text, industry] of texts) {
      const allowed = VERTICAL_CATEGORIES[verticalOf(industry)];
      const { mentions } = analyzeText(text, industry);
      expect(mentions.length).toBeGreaterThan(0);
      for (const { category } of mentions) if (category !== null) expect(allowed).toContain(category);
    }
    const restaurant = analyzeText("Cozy decor, friendly bartender, fair prices, great location.", "restaurant");
    expect(restaurant.mentions.map((m) => m.category)).toEqual(
      expect.arrayContaining(["atmosphere", "staff", "value", "location"]),
    );
    const car = analyzeText("The salesman was pushy but I love my new car and the financing was easy.", "automotive");
    expect(mention(car.mentions, "salesman")).toMatchObject({ category: "staff", sentiment: "negative" });
    expect(mention(car.mentions, "car")).toMatchObject({ category: "product", sentiment: "positive" });
    expect(mention(car.mentions, "financing")).toMatchObject({ category: "consumer" });
  });

  it("maps industry names to verticals", () => {
    expect(verticalOf("restaurant")).toBe("restaurant");
    expect(verticalOf("healthcare")).toBe("healthcare");
    expect(verticalOf("Dental clinic")).toBe("healthcare");
    expect(verticalOf("automotive")).toBe("other");
    expect(verticalOf("salon")).toBe("other");
  });
});

describe("the trained model", () => {
  it("loads from model.json with all its parts", () => {
    const model = loadModel();
    expect(model.category.vocabulary.size).toBeGreaterThan(1000);
    expect(model.polarity.vocabulary.size).toBeGreaterThan(1000);
    expect(model.thresholds).toHaveLength(MODEL_CATEGORIES.length);
    expect(model.terms.has("pad thai")).toBe(true);
    const reading = readText("The sushi was fresh but the waitress ignored us.");
    expect(model.detect(reading)).toEqual(expect.arrayContaining(["food", "service"]));
    expect(model.polarityOf(reading, "food")).toBe("positive");
    expect(model.polarityOf(reading, "service")).toBe("negative");
  });

  it("fits a linear model that separates a toy problem", () => {
    const vocabulary = Vocabulary.of(["a", "b", "c"]);
    const x = [["a"], ["a", "c"], ["b"], ["b", "c"]].map((f) => vocabulary.encode(f));
    const y = [1, 1, 0, 0].map((label) => Float32Array.of(label));
    const model = fit(x, y, vocabulary.size, 1, "sigmoid", { l2: 0.1, iterations: 100 });
    const out = new Float64Array(1);
    expect(scores(model, vocabulary.encode(["a"]), out)[0]).toBeGreaterThan(0);
    expect(scores(model, vocabulary.encode(["b"]), out)[0]).toBeLessThan(0);
  });

  it.skipIf(!existsSync(DEFAULT_DATA_DIR))("trains deterministically: the same sample gives the same file", () => {
    const sample = readGold(goldSentences(readTrainingData()).slice(0, 300));
    const first = trainModel(sample, DEFAULT_OPTIONS).store("test", DEFAULT_OPTIONS);
    const second = trainModel(sample, DEFAULT_OPTIONS).store("test", DEFAULT_OPTIONS);
    expect(JSON.stringify(second)).toEqual(JSON.stringify(first));
    // And what is stored is what is used: a reloaded model answers as the trained one.
    const reloaded = AbsaModel.load(first);
    const reading = readText("Great pizza, rude staff.");
    expect(reloaded.categoryProbabilities(reading)).toEqual(
      AbsaModel.load(JSON.parse(JSON.stringify(first))).categoryProbabilities(reading),
    );
  });
});

describe("analyze command", () => {
  function run(input: string): Promise<{ stdout: string; code: number | null }> {
    const cli = fileURLToPath(new URL("../../cli/analyze.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", cli], { stdio: ["pipe", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stdin.end(input);
    return new Promise((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code) => resolve({ stdout, code }));
    });
  }

  it("answers each line in order and survives a malformed one", async () => {
    const input = [
      JSON.stringify({ id: "r1", text: "The pad thai was amazing but the waiter was rude", industry: "restaurant" }),
      '{"id": "r2", "text": "unterminated',
      JSON.stringify({ id: "r3", text: 42, industry: "restaurant" }),
      JSON.stringify({ id: "r4", text: "Dr. Patel has a wonderful bedside manner", industry: "healthcare" }),
    ].join("\n");
    const { stdout, code } = await run(`${input}\n`);
    expect(code).toBe(0);
    const lines = stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual({
      id: "r1",
      mentions: [
        { keyword: "pad thai", category: "food", sentiment: "positive" },
        { keyword: "waiter", category: "staff", sentiment: "negative" },
      ],
    });
    expect(lines[1]).toEqual({ id: "r2", error: expect.any(String) });
    expect(lines[2]).toEqual({ id: "r3", error: expect.any(String) });
    expect(lines[3].id).toBe("r4");
    expect(lines[3].mentions).toContainEqual({
      keyword: "bedside manner",
      category: "bedsidemanner",
      sentiment: "positive",
    });
  });
});
