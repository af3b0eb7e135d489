/** What the first sign-up step hands to the second, through router state (never the URL). */
export interface SignupDraft {
  name: string;
  email: string;
  password: string;
}

export interface SignupState {
  draft?: SignupDraft;
  errors?: Record<string, string>;
}

export function readSignupState(state: unknown): SignupState {
  if (!state || typeof state !== "object") return {};
  const s = state as SignupState;
  const d = s.draft;
  const draft =
    d && typeof d.name === "string" && typeof d.email === "string" && typeof d.password === "string" ? d : undefined;
  return { draft, errors: s.errors && typeof s.errors === "object" ? s.errors : undefined };
}

export const VERTICALS = [
  { value: "restaurant", label: "Restaurant" },
  { value: "healthcare", label: "Healthcare" },
  { value: "automotive", label: "Automotive" },
  { value: "retail", label: "Retail" },
  { value: "hospitality", label: "Hospitality" },
  { value: "other", label: "Other" },
] as const;
