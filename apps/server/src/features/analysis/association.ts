// Word–label association lexicons learnt from labelled sentences: how much more often than usual a label
// comes with a word (smoothed log ratio, like NRC-Canada's aspect and sentiment lexicons). Turned into
// binned features ("the most food-like word of this sentence is strongly food-like"), which a linear
// model cannot get from word weights alone when one sentence talks about several things.
// Training sentences are scored leave-one-out (their own counts removed), so the features a model is
// fitted on look like those it will see on new sentences.

export type StoredAssociation = {
  labels: readonly string[];
  /** Sentences per label, and in total (last). */
  totals: number[];
  /** word → sentences with the word per label, then in total (last). */
  counts: Record<string, number[]>;
};

const SMOOTHING = 2;

export class Association {
  private constructor(
    readonly labels: readonly string[],
    private readonly totals: number[],
    private readonly counts: Map<string, number[]>,
  ) {}

  /** Counts, per distinct word of each sentence, the sentences each label has. `labelsOf[s][k]` is 0/1 (or a weight). */
  static build(
    words: readonly (readonly string[])[],
    labelsOf: readonly (readonly number[])[],
    labels: readonly string[],
  ): Association {
    const k = labels.length;
    const totals = new Array<number>(k + 1).fill(0);
    const counts = new Map<string, number[]>();
    words.forEach((list, s) => {
      const y = labelsOf[s] as readonly number[];
      for (let c = 0; c < k; c += 1) totals[c] = (totals[c] as number) + (y[c] as number);
      totals[k] = (totals[k] as number) + 1;
      for (const word of new Set(list)) {
        let row = counts.get(word);
        if (!row) {
          row = new Array<number>(k + 1).fill(0);
          counts.set(word, row);
        }
        for (let c = 0; c < k; c += 1) row[c] = (row[c] as number) + (y[c] as number);
        row[k] = (row[k] as number) + 1;
      }
    });
    return new Association(labels, totals, counts);
  }

  static load(stored: StoredAssociation): Association {
    return new Association(stored.labels, stored.totals, new Map(Object.entries(stored.counts)));
  }

  /** Words seen in at least `minCount` sentences, sorted, so the file does not depend on input order. */
  store(minCount: number): StoredAssociation {
    const k = this.labels.length;
    const counts: Record<string, number[]> = {};
    for (const word of [...this.counts.keys()].sort()) {
      const row = this.counts.get(word) as number[];
      if ((row[k] as number) >= minCount) counts[word] = row.map((v) => Math.round(v * 100) / 100);
    }
    return { labels: this.labels, totals: this.totals, counts };
  }

  /**
   * log( P(label | word) / P(label) ), smoothed towards 0 for rare words; 0 for unknown words.
   * With `own` (the label row of a training sentence that contains the word), that sentence is left out.
   */
  score(word: string, label: number, own?: readonly number[]): number {
    const row = this.counts.get(word);
    if (!row) return 0;
    const k = this.labels.length;
    let withLabel = row[label] as number;
    let total = row[k] as number;
    let labelTotal = this.totals[label] as number;
    let all = this.totals[k] as number;
    if (own) {
      withLabel -= own[label] as number;
      total -= 1;
      labelTotal -= own[label] as number;
      all -= 1;
    }
    if (total <= 0 || all <= 0) return 0;
    const prior = Math.max(labelTotal, 0.5) / all;
    const posterior = (withLabel + SMOOTHING * prior) / (total + SMOOTHING);
    return Math.log(posterior / prior);
  }

  has(word: string): boolean {
    return this.counts.has(word);
  }
}

function bin(score: number): string {
  if (score < -1) return "n2";
  if (score < -0.3) return "n1";
  if (score < 0.3) return "0";
  if (score < 0.8) return "1";
  if (score < 1.3) return "2";
  if (score < 1.8) return "3";
  return "4";
}

/**
 * Binned features of the words of a span for each label: the largest association, and how many words are
 * clearly associated. `own` leaves a training sentence's own counts out.
 */
export function associationFeatures(
  association: Association,
  words: readonly string[],
  prefix: string,
  out: string[],
  own?: readonly number[],
): void {
  const k = association.labels.length;
  for (let c = 0; c < k; c += 1) {
    let best = Number.NEGATIVE_INFINITY;
    let strong = 0;
    let sum = 0;
    for (const word of words) {
      if (!association.has(word)) continue;
      const score = association.score(word, c, own);
      if (score > best) best = score;
      if (score > 0.8) strong += 1;
      if (score > 0) sum += score;
    }
    const label = association.labels[c] as string;
    out.push(`${prefix}${label}:max:${best === Number.NEGATIVE_INFINITY ? "none" : bin(best)}`);
    out.push(`${prefix}${label}:n:${Math.min(strong, 3)}`);
    out.push(`${prefix}${label}:sum:${bin(sum / 2)}`);
  }
}
