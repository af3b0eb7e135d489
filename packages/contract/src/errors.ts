import { z } from "./zod.ts";

/** The error body every failure answers with. */
export const ZErrorSchema = z.object({
  status: z.number(),
  error: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TError = z.infer<typeof ZErrorSchema>;

export const MESSAGES = {
  mustBeAuthenticated: "Must Be Authenticated.",
  endpointNotFound: "Endpoint Not Found",
  notFound: "Not Found",
  forbidden: "You do not have permission to perform this action.",
  accountInactive: "This account is inactive.",
  invalidCredentials: "Invalid email or password.",
  tooManyAttempts: "Too many failed sign-in attempts. Please try again later.",
  signupFailed: "There was an issue creating your account. Please refresh and try again.",
  genericAction: "An error occurred while performing this action.",
  unexpected: "An unexpected error occurred",
  invalidResetToken: "This password reset link is invalid or has expired.",
  invalidConfirmationToken: "This confirmation link is invalid or has expired.",
  passwordExpired: "Your password has expired. Please choose a new one.",
} as const;
