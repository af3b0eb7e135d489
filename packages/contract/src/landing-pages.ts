import { z } from "./zod.ts";

// Landing pages, kiosk and the request page (issue 16; docs/product/reviews.md §2 "Review requests",
// §3 "Landing page request"; docs/api.md "Landing pages and kiosk").

const ZId = z.string().max(100);

/**
 * The answers each rating kind takes, as `?score=N` on a request's link (`/r/{token}?score=N`, the
 * one-tap rating row of a message) and as the form's `score`:
 * - nps: 0-10; stars and faces: 1-5; thumbs: 1 (thumbs up) or 0 (thumbs down).
 * A message's feedback type maps to a kind: nps → nps, stars → stars, smiley → faces, thumbs → thumbs.
 */
export const LANDING_SCALES = {
  nps: { min: 0, max: 10 },
  stars: { min: 1, max: 5 },
  faces: { min: 1, max: 5 },
  thumbs: { min: 0, max: 1 },
} as const;
export type TLandingScaleKind = keyof typeof LANDING_SCALES;

/** The landing-page kind a campaign's feedback selector type shows (microsurvey shows its questions). */
export const SELECTOR_TO_LANDING_KIND = {
  nps: "nps",
  stars: "stars",
  smiley: "faces",
  thumbs: "thumbs",
  microsurvey: "microsurvey",
} as const;

/** Messages of the request page settings (docs/api.md "Landing pages and kiosk"). */
export const REQUEST_PAGE_MESSAGES = {
  email: "Enter a valid email address",
  number: "Enter a valid phone number",
  logo: "Enter a valid https:// image address",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9().\-\s]{7,25}$/;
const digits = (v: string) => v.replace(/\D/g, "").length;

/** An optional text field: absent leaves it, "" or null clears it. */
function optional(max: number, ok: (v: string) => boolean, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .refine((v) => v === "" || ok(v), message)
    .nullable()
    .optional();
}

/** The account's landing page settings (`request_page`): shown on every landing page and the kiosk. */
export const ZRequestPageSchema = z.object({
  /** null until the settings are first saved. */
  id: z.string().nullable(),
  account_id: z.string(),
  contact_email: z.string().nullable(),
  contact_number: z.string().nullable(),
  /** An https:// image shown at the top of the pages. */
  logo_url: z.string().nullable(),
  created_by_user_id: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type TRequestPage = z.infer<typeof ZRequestPageSchema>;

export const ZRequestPageWriteSchema = z.object({
  account_id: ZId.optional(),
  contact_email: optional(254, (v) => EMAIL.test(v), REQUEST_PAGE_MESSAGES.email),
  contact_number: optional(25, (v) => PHONE.test(v) && digits(v) >= 7 && digits(v) <= 15, REQUEST_PAGE_MESSAGES.number),
  logo_url: optional(
    2000,
    (v) => {
      if (!/^https:\/\/[^\s"'<>]+$/i.test(v)) return false;
      try {
        return new URL(v).protocol === "https:";
      } catch {
        return false;
      }
    },
    REQUEST_PAGE_MESSAGES.logo,
  ),
});
export type TRequestPageWrite = z.input<typeof ZRequestPageWriteSchema>;

export const ZRequestPageQuerySchema = z.object({ account_id: ZId.optional(), nonce: z.string().optional() });
