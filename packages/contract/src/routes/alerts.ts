/** E-mail alerts, their types and frequencies. Routes are added here as `name: defineRoute({...})` (see routes/reviews.ts). */
export const alertRoutes = {};
