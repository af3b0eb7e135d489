/** Dashboard metrics. Routes are added here as `name: defineRoute({...})` (see routes/reviews.ts). */
export const metricsRoutes = {};
