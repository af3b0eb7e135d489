/** Keyword, experience-category and sentiment analysis of review text (the trained models in this folder). */
export { type Analysis, analyzeText, type Mention, type Sentiment } from "./engine.ts";
export { modelVersion } from "./version.ts";
