/**
 * Input patterns (docs/product/platform.md §5): a standard e-mail address, and a 10-digit US phone number with
 * optional separators (space, dot, dash) and optional parentheses around the area code.
 */

/** local@domain.tld: no spaces, one @, a dot in the domain, labels not starting or ending with a dash. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** (555) 123-4567, 555-123-4567, 555.123.4567, 555 123 4567, 5551234567. */
export const US_PHONE_PATTERN = /^(?:\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{4}$/;

export function isEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed) && !/\.\./.test(trimmed);
}

export function isUsPhone(value: string): boolean {
  return US_PHONE_PATTERN.test(value.trim());
}

/** The 10 digits of a valid US phone number, or null. */
export function phoneDigits(value: string): string | null {
  return isUsPhone(value) ? value.replace(/\D/g, "") : null;
}
