/** Countries and states (shared reference data). Routes are added here as `name: defineRoute({...})` (see routes/reviews.ts). */
export const geoRoutes = {};
