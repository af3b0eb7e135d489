/** Unsubscribe links from e-mails. Routes are added here as `name: defineRoute({...})` (see routes/reviews.ts). */
export const unsubscribeRoutes = {};
