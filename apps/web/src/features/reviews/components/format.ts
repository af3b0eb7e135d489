/** Dates and numbers as the review screens show them, in the account's time zone. */

export function formatDate(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", year: "numeric" }).format(
    new Date(iso),
  );
}

export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** "Naperville, IL" from a location's city and state. */
export function placeOf(location: { city: string | null; state: string | null }): string {
  return [location.city, location.state].filter(Boolean).join(", ");
}
