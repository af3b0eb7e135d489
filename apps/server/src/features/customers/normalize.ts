import { EMAIL_PATTERN, MAX_EMAIL, US_PHONE_PATTERN } from "@starboard/contract/customers";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * A US phone number as E.164 (`+15125550100`), or null: 10 digits with optional separators and
 * parentheses, optionally led by +1 or 1 (platform.md §5), and a valid US number (libphonenumber-js).
 */
export function normalizePhone(input: string | null | undefined): string | null {
  const text = input?.trim();
  if (!text || text.length > 40 || !US_PHONE_PATTERN.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  if (digits.length === 11) digits = digits.slice(1);
  const prefix = digits.slice(0, 7);
  let valid = validPrefixes.get(prefix);
  if (valid === undefined) {
    const parsed = parsePhoneNumberFromString(digits, "US");
    valid = Boolean(parsed?.isValid() && parsed.country === "US");
    if (validPrefixes.size >= MAX_PREFIXES) validPrefixes.clear();
    validPrefixes.set(prefix, valid);
  }
  return valid ? `+1${digits}` : null;
}

/**
 * Whether a US number is valid depends on its area code and exchange (the first 6 digits) in libphonenumber's
 * metadata; its answer is kept per 7-digit prefix, since parsing costs tens of microseconds a number and an
 * upload of 100,000 rows repeats few prefixes.
 */
const validPrefixes = new Map<string, boolean>();
const MAX_PREFIXES = 200_000;

/** An e-mail address trimmed and lower-cased (one customer per address, whatever the case), or null when malformed. */
export function normalizeEmail(input: string | null | undefined): string | null {
  const text = input?.trim();
  if (!text || text.length > MAX_EMAIL || !EMAIL_PATTERN.test(text) || text.includes("..")) return null;
  return text.toLowerCase();
}
