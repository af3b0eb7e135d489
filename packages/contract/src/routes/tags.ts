/** Account tags and the tags on reviews. Routes are added here as `name: defineRoute({...})` (see routes/reviews.ts). */
export const tagRoutes = {};
