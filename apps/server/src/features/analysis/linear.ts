// Sparse linear classifiers over string features, trained here in plain TypeScript: a vocabulary that
// maps feature names to columns, logistic regression trained with AdaGrad (one sigmoid per label for
// multi-label problems, or one softmax over classes), and a compact, rounded form to store the weights in.
// Training is deterministic: examples are visited in an order shuffled by a seeded generator.

/** mulberry32: small seeded generator, so a training run repeats exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with a seeded generator. */
export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const swap = items[i] as T;
    items[i] = items[j] as T;
    items[j] = swap;
  }
  return items;
}

/** An example as the learner sees it: its feature columns and their values (1 for a present binary feature). */
export type Encoded = { columns: Int32Array; values: Float64Array };

/** "name=0.42" is a numeric feature named "name" with value 0.42; any other name is a binary feature. */
function split(feature: string): [string, number] {
  const at = feature.indexOf("=");
  if (at < 0) return [feature, 1];
  return [feature.slice(0, at), Number(feature.slice(at + 1))];
}

/** Feature names → columns; built from training examples, keeping names seen in at least `minCount` of them. */
export class Vocabulary {
  readonly index = new Map<string, number>();
  readonly names: string[] = [];

  static build(examples: readonly (readonly string[])[], minCount: number): Vocabulary {
    const counts = new Map<string, number>();
    for (const features of examples) {
      for (const name of new Set(features.map((feature) => split(feature)[0]))) {
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
    const vocabulary = new Vocabulary();
    // Sorted, so the column order (and the stored file) does not depend on the order examples came in.
    for (const name of [...counts.keys()].sort()) {
      if ((counts.get(name) ?? 0) >= minCount) vocabulary.add(name);
    }
    return vocabulary;
  }

  static of(names: readonly string[]): Vocabulary {
    const vocabulary = new Vocabulary();
    for (const name of names) vocabulary.add(name);
    return vocabulary;
  }

  add(name: string): number {
    let column = this.index.get(name);
    if (column === undefined) {
      column = this.names.length;
      this.names.push(name);
      this.index.set(name, column);
    }
    return column;
  }

  get size(): number {
    return this.names.length;
  }

  /** The distinct known columns of a list of features, with their values (a repeated name keeps its first). */
  encode(features: readonly string[]): Encoded {
    if (this.stamps.length < this.names.length) this.stamps = new Int32Array(this.names.length);
    this.stamp = (this.stamp + 1) | 0;
    if (this.stamp === 0) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    const columns = new Int32Array(features.length);
    const values = new Float64Array(features.length);
    let count = 0;
    for (const feature of features) {
      const at = feature.indexOf("=");
      const name = at < 0 ? feature : feature.slice(0, at);
      const value = at < 0 ? 1 : Number(feature.slice(at + 1));
      const column = this.index.get(name);
      if (column === undefined || this.stamps[column] === this.stamp || value === 0) continue;
      this.stamps[column] = this.stamp;
      columns[count] = column;
      values[count] = value;
      count += 1;
    }
    return { columns: columns.subarray(0, count), values: values.subarray(0, count) };
  }

  /** Which columns the current `encode` call has seen: stamps[column] === stamp. */
  private stamps = new Int32Array(0);
  private stamp = 0;
}

/** Weights of `classes` outputs per column, column-major: weights[column * classes + k]; plus one bias per output. */
export type LinearModel = { classes: number; weights: Float64Array; bias: Float64Array };

/** Scores (raw margins) of one example into `out`. */
export function scores(model: LinearModel, x: Encoded, out: Float64Array): Float64Array {
  const k = model.classes;
  for (let c = 0; c < k; c += 1) out[c] = model.bias[c] ?? 0;
  const w = model.weights;
  const { columns, values } = x;
  for (let i = 0; i < columns.length; i += 1) {
    const base = (columns[i] as number) * k;
    const v = values[i] as number;
    for (let c = 0; c < k; c += 1) out[c] = (out[c] as number) + v * (w[base + c] as number);
  }
  return out;
}

export function sigmoid(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

/** In place: margins → probabilities. */
export function softmax(values: Float64Array): Float64Array {
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) if (v > max) max = v;
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    const e = Math.exp((values[i] as number) - max);
    values[i] = e;
    sum += e;
  }
  for (let i = 0; i < values.length; i += 1) values[i] = (values[i] as number) / sum;
  return values;
}

export type BatchOptions = {
  /** L2 penalty λ: the objective is the summed log loss plus λ/2 · ‖w‖² (biases are not penalised). */
  l2: number;
  /** L-BFGS iterations at most. */
  iterations: number;
  /** Weight per example (defaults to 1). */
  weights?: Float32Array;
};

/** Loss and gradient of the penalised log loss at parameters `theta` (weights then biases). */
function objective(
  theta: Float64Array,
  gradient: Float64Array,
  examples: readonly Encoded[],
  targets: readonly Float32Array[],
  columns: number,
  classes: number,
  mode: "sigmoid" | "softmax",
  options: BatchOptions,
): number {
  const biasAt = columns * classes;
  gradient.fill(0);
  const out = new Float64Array(classes);
  let loss = 0;
  for (let e = 0; e < examples.length; e += 1) {
    const { columns: x, values } = examples[e] as Encoded;
    const y = targets[e] as Float32Array;
    const weight = options.weights?.[e] ?? 1;
    for (let c = 0; c < classes; c += 1) out[c] = theta[biasAt + c] as number;
    for (let i = 0; i < x.length; i += 1) {
      const base = (x[i] as number) * classes;
      const v = values[i] as number;
      for (let c = 0; c < classes; c += 1) out[c] = (out[c] as number) + v * (theta[base + c] as number);
    }
    if (mode === "softmax") {
      let max = Number.NEGATIVE_INFINITY;
      for (const v of out) if (v > max) max = v;
      let sum = 0;
      for (const v of out) sum += Math.exp(v - max);
      const logSum = max + Math.log(sum);
      for (let c = 0; c < classes; c += 1) {
        const p = Math.exp((out[c] as number) - logSum);
        const target = y[c] as number;
        if (target > 0) loss -= weight * target * ((out[c] as number) - logSum);
        out[c] = (p - target) * weight;
      }
    } else {
      for (let c = 0; c < classes; c += 1) {
        const z = out[c] as number;
        const target = y[c] as number;
        // log(1 + e^z) − target·z, computed stably.
        loss += weight * ((z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - target * z);
        out[c] = (sigmoid(z) - target) * weight;
      }
    }
    for (let c = 0; c < classes; c += 1) gradient[biasAt + c] = (gradient[biasAt + c] as number) + (out[c] as number);
    for (let i = 0; i < x.length; i += 1) {
      const base = (x[i] as number) * classes;
      const v = values[i] as number;
      for (let c = 0; c < classes; c += 1) gradient[base + c] = (gradient[base + c] as number) + v * (out[c] as number);
    }
  }
  for (let j = 0; j < biasAt; j += 1) {
    const w = theta[j] as number;
    loss += 0.5 * options.l2 * w * w;
    gradient[j] = (gradient[j] as number) + options.l2 * w;
  }
  return loss;
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

/**
 * L2-penalised logistic regression fitted with L-BFGS (exact optimum up to tolerance; no randomness).
 * Targets as in `train`: one 0/1 per label ("sigmoid", one-vs-rest) or a one-hot row ("softmax").
 */
export function fit(
  examples: readonly Encoded[],
  targets: readonly Float32Array[],
  columns: number,
  classes: number,
  mode: "sigmoid" | "softmax",
  options: BatchOptions,
): LinearModel {
  const size = columns * classes + classes;
  const f = (theta: Float64Array, gradient: Float64Array) =>
    objective(theta, gradient, examples, targets, columns, classes, mode, options);
  const memory = 10;
  const s: Float64Array[] = [];
  const y: Float64Array[] = [];
  const rho: number[] = [];
  let theta = new Float64Array(size);
  let gradient = new Float64Array(size);
  let loss = f(theta, gradient);
  const direction = new Float64Array(size);
  const alpha = new Float64Array(memory);
  for (let iteration = 0; iteration < options.iterations; iteration += 1) {
    // Two-loop recursion: direction = −H·gradient.
    for (let i = 0; i < size; i += 1) direction[i] = -(gradient[i] as number);
    for (let k = s.length - 1; k >= 0; k -= 1) {
      const a = (rho[k] as number) * dot(s[k] as Float64Array, direction);
      alpha[k] = a;
      const yk = y[k] as Float64Array;
      for (let i = 0; i < size; i += 1) direction[i] = (direction[i] as number) - a * (yk[i] as number);
    }
    if (s.length > 0) {
      const last = s.length - 1;
      const gamma =
        dot(s[last] as Float64Array, y[last] as Float64Array) / dot(y[last] as Float64Array, y[last] as Float64Array);
      for (let i = 0; i < size; i += 1) direction[i] = (direction[i] as number) * gamma;
    } else {
      const norm = Math.sqrt(dot(gradient, gradient));
      for (let i = 0; i < size; i += 1) direction[i] = (direction[i] as number) / Math.max(norm, 1);
    }
    for (let k = 0; k < s.length; k += 1) {
      const b = (rho[k] as number) * dot(y[k] as Float64Array, direction);
      const sk = s[k] as Float64Array;
      const a = alpha[k] as number;
      for (let i = 0; i < size; i += 1) direction[i] = (direction[i] as number) + (a - b) * (sk[i] as number);
    }
    let slope = dot(direction, gradient);
    if (slope >= 0) {
      // Not a descent direction: restart from steepest descent.
      s.length = 0;
      y.length = 0;
      rho.length = 0;
      for (let i = 0; i < size; i += 1) direction[i] = -(gradient[i] as number);
      slope = dot(direction, gradient);
    }
    // Backtracking line search (Armijo).
    let step = 1;
    const next = new Float64Array(size);
    const nextGradient = new Float64Array(size);
    let nextLoss = 0;
    for (let tries = 0; tries < 30; tries += 1) {
      for (let i = 0; i < size; i += 1) next[i] = (theta[i] as number) + step * (direction[i] as number);
      nextLoss = f(next, nextGradient);
      if (nextLoss <= loss + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    const sNew = new Float64Array(size);
    const yNew = new Float64Array(size);
    for (let i = 0; i < size; i += 1) {
      sNew[i] = (next[i] as number) - (theta[i] as number);
      yNew[i] = (nextGradient[i] as number) - (gradient[i] as number);
    }
    const sy = dot(sNew, yNew);
    if (sy > 1e-10) {
      s.push(sNew);
      y.push(yNew);
      rho.push(1 / sy);
      if (s.length > memory) {
        s.shift();
        y.shift();
        rho.shift();
      }
    }
    const improvement = loss - nextLoss;
    theta = next;
    gradient = nextGradient;
    loss = nextLoss;
    if (improvement >= 0 && improvement < 1e-6 * Math.max(1, Math.abs(loss))) break;
  }
  return {
    classes,
    weights: theta.slice(0, columns * classes),
    bias: theta.slice(columns * classes),
  };
}

/** A stored model: feature names and their weights, rounded; features whose weights all round to zero are dropped. */
export type StoredLinear = {
  classes: number;
  features: string[];
  /** Per feature, `classes` weights in thousandths. */
  weights: number[];
  bias: number[];
};

const SCALE = 1000;

export function store(model: LinearModel, vocabulary: Vocabulary): StoredLinear {
  const features: string[] = [];
  const weights: number[] = [];
  const k = model.classes;
  vocabulary.names.forEach((name, column) => {
    const row: number[] = [];
    let any = false;
    for (let c = 0; c < k; c += 1) {
      const value = Math.round((model.weights[column * k + c] as number) * SCALE);
      if (value !== 0) any = true;
      row.push(value);
    }
    if (!any) return;
    features.push(name);
    weights.push(...row);
  });
  return { classes: k, features, weights, bias: [...model.bias].map((b) => Math.round(b * SCALE)) };
}

/** Loads a stored model as a vocabulary and weights (the weights as stored, rounded). */
export function load(stored: StoredLinear): { vocabulary: Vocabulary; model: LinearModel } {
  const vocabulary = Vocabulary.of(stored.features);
  return {
    vocabulary,
    model: {
      classes: stored.classes,
      weights: Float64Array.from(stored.weights, (w) => w / SCALE),
      bias: Float64Array.from(stored.bias, (b) => b / SCALE),
    },
  };
}

/** The same model after a store/load round trip, so evaluation scores what would be shipped. */
export function rounded(model: LinearModel, vocabulary: Vocabulary): { vocabulary: Vocabulary; model: LinearModel } {
  return load(store(model, vocabulary));
}
