import type { TSession } from "@starboard/contract/auth";
import {
  IconBuildingStore,
  IconChartBar,
  IconDashboard,
  IconFlask,
  IconPlugConnected,
  IconSettings,
  IconStar,
  IconWorld,
  type TablerIcon,
} from "@tabler/icons-react";
import { type GateContext, type GateRule, passesGate } from "../../lib/authorization";
import { type NavDefaultName, navHref } from "../../lib/nav-links";

/**
 * The left navigation (docs/product/platform.md §2 "Left navigation", gated per §6). One table for the
 * regular (child) account and one for the parent account; the Log Out entry is added by the
 * navigation itself (absent when shadowing or impersonated).
 */
export interface NavLinkItem {
  kind: "link";
  key: string;
  label: string;
  icon?: TablerIcon;
  /** A navigation default (with its default filters) or a plain path. */
  to: NavDefaultName | { path: string };
  /** Path prefixes that make this link the current one. */
  match: string[];
  gate?: GateRule;
  /** An extra condition on the session (for example the parent's trial mode). */
  when?: (session: TSession) => boolean;
}

export interface NavGroupItem {
  kind: "group";
  key: string;
  label: string;
  icon: TablerIcon;
  items: NavLinkItem[];
}

export type NavItem = (NavLinkItem & { icon: TablerIcon }) | NavGroupItem;

const link = (item: Omit<NavLinkItem, "kind">): NavLinkItem => ({ kind: "link", ...item });

/** The server says whether the account has a trial (`session.trial`); the client does not re-derive it. */
const isParentInTrial = (s: TSession) => s.trial.has_trial;

/** Partner scorecards: under Business Performance in both navigations. */
const SCORECARDS = link({
  key: "scorecards",
  label: "Scorecards",
  to: { path: "/partner-tools/scorecards" },
  match: ["/partner-tools/scorecards"],
  gate: {
    permissions: [
      ["create", "partner_scorecard"],
      ["read", "partner_scorecard"],
    ],
  },
});

export const CHILD_NAV: NavItem[] = [
  {
    ...link({
      key: "dashboard",
      label: "Dashboard",
      to: "dashboard",
      match: ["/dashboard"],
      gate: { permissions: [["read", "metrics"]] },
    }),
    icon: IconDashboard,
  },
  {
    kind: "group",
    key: "review-analysis",
    label: "Review Analysis",
    icon: IconStar,
    items: [
      link({
        key: "reviews",
        label: "Reviews",
        to: "reviews",
        match: ["/reviews"],
        gate: { permissions: [["read", "review"]] },
      }),
      link({
        key: "keywords",
        label: "Keywords",
        to: "keywords",
        match: ["/dashboard/keywords"],
        gate: { setting: "insights" },
      }),
      link({
        key: "request-reviews",
        label: "Request Reviews",
        to: "requestReviews",
        match: ["/request-reviews"],
        gate: { permissions: [["read", "request"]] },
      }),
    ],
  },
  {
    kind: "group",
    key: "business-performance",
    label: "Business Performance",
    icon: IconChartBar,
    items: [
      link({
        key: "competitors",
        label: "Competitors",
        to: "competitors",
        match: ["/competitors"],
        gate: {
          permissions: [
            ["read", "competitor"],
            ["preview", "competitor"],
          ],
          some: true,
        },
      }),
      link({
        key: "location-performance",
        label: "Location Performance",
        to: "locationPerformance",
        match: ["/dashboard/locations"],
        gate: {
          permissions: [
            ["read", "group"],
            ["read", "location"],
          ],
        },
      }),
      link({
        key: "visual-reports",
        label: "Reports",
        to: { path: "/visual-reports" },
        match: ["/visual-reports"],
        gate: { permissions: [["read", "visual_report"]], flag: "visualReports" },
      }),
      SCORECARDS,
    ],
  },
  {
    kind: "group",
    key: "online-presence",
    label: "Online Presence",
    icon: IconWorld,
    items: [
      link({
        key: "amplify",
        label: "Amplify",
        to: { path: "/amplify" },
        match: ["/amplify"],
        gate: {
          permissions: [
            ["preview", "amplify"],
            ["create", "amplify"],
          ],
          some: true,
        },
      }),
      link({
        key: "local-listings",
        label: "Local Listings",
        to: "localListings",
        match: ["/dashboard/local_listings"],
        gate: {
          permissions: [
            ["preview", "local_listing"],
            ["create", "local_listing"],
          ],
          some: true,
        },
      }),
      link({
        key: "local-search",
        label: "Local Search",
        to: "localSearch",
        match: ["/local-search"],
        gate: {
          permissions: [
            ["preview", "local_search"],
            ["read", "local_search"],
          ],
          some: true,
        },
      }),
      link({ key: "photos", label: "Photos", to: "photos", match: ["/photos"], gate: { setting: "media" } }),
    ],
  },
  {
    ...link({ key: "settings", label: "Settings", to: { path: "/settings" }, match: ["/settings"] }),
    icon: IconSettings,
  },
];

export const PARENT_NAV: NavItem[] = [
  { ...link({ key: "dashboard", label: "Dashboard", to: "accounts", match: ["/accounts"] }), icon: IconBuildingStore },
  {
    ...link({
      key: "integrations",
      label: "Integrations",
      to: { path: "/accounts/integrations?integration_status=active" },
      match: ["/accounts/integrations"],
      gate: { permissions: [["read", "child_integration"]] },
    }),
    icon: IconPlugConnected,
  },
  {
    kind: "group",
    key: "review-analysis",
    label: "Review Analysis",
    icon: IconStar,
    items: [
      link({
        key: "child-reviews",
        label: "Child Reviews",
        to: "childReviews",
        match: ["/child-reviews"],
        gate: { setting: "child_reviews" },
      }),
    ],
  },
  {
    kind: "group",
    key: "business-performance",
    label: "Business Performance",
    icon: IconChartBar,
    items: [
      link({
        key: "partner-account-reports",
        label: "Account Reports",
        to: "partnerAccountReports",
        match: ["/partner-account-reports"],
        gate: { setting: "partner_account_reports" },
      }),
      SCORECARDS,
    ],
  },
  {
    ...link({ key: "settings", label: "Settings", to: { path: "/settings" }, match: ["/settings"] }),
    icon: IconSettings,
  },
  {
    ...link({
      key: "trials",
      label: "Trials",
      to: { path: "/accounts/trials" },
      match: ["/accounts/trials"],
      when: isParentInTrial,
    }),
    icon: IconFlask,
  },
];

function visible(item: NavLinkItem, ctx: GateContext, session: TSession): boolean {
  return (!item.gate || passesGate(item.gate, ctx)) && (!item.when || item.when(session));
}

/** The navigation for this session: gated links only; groups without a visible link disappear. */
export function navFor(session: TSession, ctx: GateContext): NavItem[] {
  const table = session.is_parent ? PARENT_NAV : CHILD_NAV;
  const out: NavItem[] = [];
  for (const item of table) {
    if (item.kind === "link") {
      if (visible(item, ctx, session)) out.push(item);
      continue;
    }
    const items = item.items.filter((i) => visible(i, ctx, session));
    if (items.length > 0) out.push({ ...item, items });
  }
  return out;
}

export function hrefOf(item: NavLinkItem, current: { pathname: string; search: string }): string {
  return typeof item.to === "string" ? navHref(item.to, current) : item.to.path;
}

/** The current link: the one whose matching prefix is longest (so Keywords wins over Dashboard). */
export function activeKeyFor(items: NavItem[], pathname: string): string | null {
  let best: { key: string; length: number } | null = null;
  const links = items.flatMap((i) => (i.kind === "group" ? i.items : [i]));
  for (const item of links) {
    for (const prefix of item.match) {
      const path = prefix.split("?")[0] ?? prefix;
      if ((pathname === path || pathname.startsWith(`${path}/`)) && (!best || path.length > best.length)) {
        best = { key: item.key, length: path.length };
      }
    }
  }
  return best?.key ?? null;
}
