/** Accounts, their settings, experiments, whitelabel and setup progress. Routes are added here as `name: defineRoute({...})` (see routes/reviews.ts). */
export const accountRoutes = {};
