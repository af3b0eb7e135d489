// The one place that talks to wink-nlp: loads the English model once, on first use, and turns text into
// plain token records the rest of the analysis works on.
import { createRequire } from "node:module";
import type { ItemSentence, ItemToken, ItsFunction, default as WinkNLP } from "wink-nlp";

type Nlp = ReturnType<typeof WinkNLP>;

export type Token = {
  /** Text as written. */
  value: string;
  /** Lower-cased, contractions expanded ("n't" → "not"). */
  normal: string;
  lemma: string;
  pos: string;
  negated: boolean;
  stopWord: boolean;
  /** Character offsets of `value` in the analysed text. */
  start: number;
  end: number;
};

export type Sentence = { tokens: Token[] };

let nlp: Nlp | undefined;
const wordScores = new Map<string, number>();

function load(): Nlp {
  if (nlp === undefined) {
    // The model is a large CommonJS JSON bundle; require keeps it out of module start-up until first use.
    const require = createRequire(import.meta.url);
    const winkNLP = require("wink-nlp") as typeof WinkNLP;
    const model = require("wink-eng-lite-web-model") as Parameters<typeof WinkNLP>[0];
    nlp = winkNLP(model, ["sbd", "pos", "negation", "sentiment"]);
  }
  return nlp;
}

export function tokenize(text: string): Sentence[] {
  const engine = load();
  const its = engine.its;
  const doc = engine.readDoc(text);
  const sentences: Sentence[] = [];
  let offset = 0;
  doc.sentences().each((item: ItemSentence) => {
    const tokens = item.tokens();
    const values = tokens.out(its.value);
    const normals = tokens.out(its.normal);
    // wink's typings give its.lemma an extra `addons` parameter that ItsFunction lacks; it is a string-valued its.
    const lemmas = tokens.out(its.lemma as unknown as ItsFunction<string>);
    const pos = tokens.out(its.pos);
    const spaces = tokens.out(its.precedingSpaces);
    const negated: boolean[] = [];
    const stop: boolean[] = [];
    tokens.each((token: ItemToken) => {
      negated.push(token.out(its.negationFlag) as unknown as boolean);
      stop.push(token.out(its.stopWordFlag) as unknown as boolean);
    });
    const out: Token[] = [];
    for (let i = 0; i < values.length; i += 1) {
      const value = values[i] ?? "";
      const found = text.indexOf(value, offset + (spaces[i]?.length ?? 0));
      const start = found >= 0 && found - offset < 40 ? found : offset + (spaces[i]?.length ?? 0);
      offset = start + value.length;
      out.push({
        value,
        normal: (normals[i] ?? value).toLowerCase(),
        lemma: (lemmas[i] ?? value).toLowerCase(),
        pos: pos[i] ?? "X",
        negated: negated[i] ?? false,
        stopWord: stop[i] ?? false,
        start,
        end: start + value.length,
      });
    }
    sentences.push({ tokens: out });
  });
  return sentences;
}

/** wink's own sentiment for one word, on a -1..1 scale (0 when the word carries none). Cached. */
export function winkWordScore(word: string): number {
  let score = wordScores.get(word);
  if (score === undefined) {
    const engine = load();
    score = Number(engine.readDoc(word).out(engine.its.sentiment)) || 0;
    wordScores.set(word, score);
  }
  return score;
}
