/** The demo's three accounts. */
export type DemoKey = "agency" | "restaurant" | "healthcare";

/** What the demo's account seeding creates, handed to each demo extension (reviews, ...). */
export interface DemoAccounts {
  accounts: Record<DemoKey, string>;
  locations: Record<"restaurant" | "healthcare", { id: string; name: string; city: string }[]>;
}
