/** Users of an account and the user types. Routes are added here as `name: defineRoute({...})` (see routes/reviews.ts). */
export const userRoutes = {};
