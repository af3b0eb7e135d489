import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { analyzeText, type Mention } from "./engine.ts";

function mention(mentions: Mention[], keyword: string): Mention | undefined {
  return mentions.find((m) => m.keyword === keyword);
}

describe("analyzeText", () => {
  it("gives each aspect the sentiment of its own clause across a contrast", () => {
    const { mentions } = analyzeText("The pad thai was amazing but the waiter was rude", "restaurant");
    expect(mention(mentions, "pad thai")).toEqual({ keyword: "pad thai", category: "food", sentiment: "positive" });
    expect(mention(mentions, "waiter")).toEqual({ keyword: "waiter", category: "service", sentiment: "negative" });
  });

  it("reads negation: not friendly is negative, not bad is not negative", () => {
    expect(mention(analyzeText("The staff was not friendly.", "restaurant").mentions, "staff")?.sentiment).toBe(
      "negative",
    );
    expect(mention(analyzeText("The food was not bad at all.", "restaurant").mentions, "food")?.sentiment).not.toBe(
      "negative",
    );
  });

  it("normalises keywords to lower-case singular", () => {
    const { mentions } = analyzeText("The Wait Times were awful and the desserts were great.", "restaurant");
    expect(mentions.map((m) => m.keyword)).toEqual(expect.arrayContaining(["wait time", "dessert"]));
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

  it("only uses recognised category names", () => {
    const recognised = new Set([
      ...["food", "service", "atmosphere", "value", "consumer", "customer", "product", "location"],
      ...["carequality", "bedsidemanner", "staff", "waittime", "facilities", "patient"],
    ]);
    const texts: [string, string][] = [
      ["The salesman was pushy but I love my new car and the financing was easy.", "automotive"],
      ["The waiting room was dirty and the nurse rushed me.", "healthcare"],
      ["Cozy decor, friendly bartender, fair prices, great location.", "restaurant"],
      ["Nice people, slow wifi.", "salon"],
    ];
    for (const [text, industry] of texts) {
      for (const { category } of analyzeText(text, industry).mentions) {
        if (category !== null) expect(recognised).toContain(category);
      }
    }
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
        { keyword: "waiter", category: "service", sentiment: "negative" },
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
