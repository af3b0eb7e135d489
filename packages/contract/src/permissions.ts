import { z } from "./zod.ts";

/** The six user types. Ids are Starboard's configuration (the spec leaves them open). */
export const USER_TYPES = [
  { id: 1, code: "admin", name: "Admin" },
  { id: 2, code: "manager", name: "Manager" },
  { id: 3, code: "user", name: "User" },
  { id: 4, code: "limited_user", name: "Limited User" },
  { id: 5, code: "read_only", name: "Read Only" },
  { id: 6, code: "email_only", name: "Email Only" },
] as const;
export type TUserTypeCode = (typeof USER_TYPES)[number]["code"];
export const USER_TYPE_IDS = {
  admin: 1,
  manager: 2,
  user: 3,
  limited_user: 4,
  read_only: 5,
  email_only: 6,
} as const satisfies Record<TUserTypeCode, number>;

export function userTypeById(id: number) {
  return USER_TYPES.find((t) => t.id === id);
}

export const ACTIONS = ["create", "read", "update", "delete", "respond", "preview"] as const;
export type TAction = (typeof ACTIONS)[number];

/** Resources named in permission checks (lowercase snake case). */
export const RESOURCES = [
  "account",
  "account_setting",
  "alert",
  "amplify",
  "billing",
  "campaign",
  "child_integration",
  "competitor",
  "contact",
  "export_file",
  "google_post_content",
  "group",
  "insights",
  "integration",
  "issue",
  "local_listing",
  "local_search",
  "location",
  "location_score",
  "media",
  "metrics",
  "note",
  "partner_scorecard",
  "request",
  "response",
  "response_template",
  "review",
  "review_status_label",
  "review_tag",
  "saved_filter",
  "scheduled_export",
  "source",
  "tag",
  "template",
  "url",
  "user",
  "visual_report",
  "webhook",
  "whitelabel",
] as const;
export type TResource = (typeof RESOURCES)[number];

/** Permission summary: resource → the actions allowed. */
export type TPermissions = Partial<Record<TResource, TAction[]>>;
export const ZPermissionsSchema = z.record(z.string(), z.array(z.enum(ACTIONS)));

const ALL: TAction[] = ["create", "read", "update", "delete"];
const READ: TAction[] = ["read"];

/** Resources everyone who may use the app can read. */
const READABLE: TResource[] = [
  "account",
  "group",
  "location",
  "source",
  "url",
  "review",
  "metrics",
  "insights",
  "tag",
  "review_tag",
  "review_status_label",
  "note",
  "response_template",
  "issue",
  "integration",
  "local_listing",
  "location_score",
  "media",
  "request",
  "campaign",
  "template",
  "competitor",
  "export_file",
  "saved_filter",
  "user",
  "contact",
];

/**
 * Derives the permission summary from the user type and the account's settings.
 * The client never re-derives rules: it reads the summary the session carries.
 */
export function derivePermissions(
  userType: TUserTypeCode,
  opts: { settings?: Record<string, boolean | string>; isParent?: boolean } = {},
): TPermissions {
  const settings = opts.settings ?? {};
  const on = (code: string) => settings[code] === true;
  const p: TPermissions = {};
  const grant = (resource: TResource, actions: TAction[]) => {
    const set = new Set([...(p[resource] ?? []), ...actions]);
    p[resource] = ACTIONS.filter((a) => set.has(a));
  };
  if (userType === "email_only") {
    grant("alert", ["read", "update"]);
    return p;
  }
  for (const r of READABLE) grant(r, READ);
  grant("alert", ["read", "update"]);
  grant("saved_filter", ALL);
  grant("export_file", ["create", "read"]);
  if (userType === "read_only") return finish(p, opts.isParent);

  // User and Limited User answer reviews and ask for reviews.
  grant("response", ["create", "read", "delete"]);
  grant("review", ["respond", "update"]);
  grant("review_tag", ALL);
  grant("tag", ["create", "read"]);
  grant("note", ALL);
  grant("request", ["create", "read"]);
  grant("campaign", ["create", "read"]);
  if (userType === "limited_user") return finish(p, opts.isParent);

  grant("scheduled_export", ALL);
  grant("contact", ALL);
  grant("response_template", ALL);
  if (userType === "user") return finish(p, opts.isParent);

  // Manager and Admin.
  grant("tag", ALL);
  grant("review_status_label", ALL);
  grant("location", ["read", "update"]);
  grant("group", ALL);
  grant("campaign", ALL);
  grant("template", ALL);
  grant("media", ALL);
  grant("google_post_content", ["create", "read"]);
  grant("local_listing", on("local_listings") ? ["create", "read"] : ["read", "preview"]);
  grant("amplify", on("amplify") ? ["create", "read", "update", "delete"] : ["preview"]);
  grant("competitor", on("competitor") ? ["read"] : ["preview"]);
  grant("local_search", on("local_search") ? ["read"] : ["preview"]);
  grant("issue", ["read", "update"]);
  if (userType === "manager") return finish(p, opts.isParent);

  // Admin.
  for (const r of ["location", "user", "account_setting", "billing", "integration", "whitelabel", "webhook"] as const) {
    grant(r, ALL);
  }
  grant("account", ["read", "update"]);
  grant("partner_scorecard", ["create", "read"]);
  grant("visual_report", READ);
  return finish(p, opts.isParent);
}

function finish(p: TPermissions, isParent: boolean | undefined): TPermissions {
  if (isParent) {
    p.child_integration = ["read"];
    p.partner_scorecard = ["create", "read"];
  }
  return p;
}

export function can(permissions: TPermissions | undefined, action: TAction, resource: TResource): boolean {
  return Boolean(permissions?.[resource]?.includes(action));
}
