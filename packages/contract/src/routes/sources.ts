/** Review sources, review-site URLs and connection issues. Routes are added here as `name: defineRoute({...})` (see routes/reviews.ts). */
export const sourceRoutes = {};
