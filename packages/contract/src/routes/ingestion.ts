/** Review import and location sync. Routes are added here as `name: defineRoute({...})` (see routes/reviews.ts). */
export const ingestionRoutes = {};
