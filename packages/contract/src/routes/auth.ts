/** Sign-in, sessions, sign-up, passwords, single sign-on, shadow tokens. Routes are added here as `name: defineRoute({...})` (see routes/reviews.ts). */
export const authRoutes = {};
