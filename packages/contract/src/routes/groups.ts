/** Groups of locations. Routes are added here as `name: defineRoute({...})` (see routes/reviews.ts). */
export const groupRoutes = {};
