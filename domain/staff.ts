// Facts about staff sign-in both tiers share (docs/decisions/004-passwords-and-sessions.md).

/** The staff session cookie's name in development and tests, served over plain http. */
export const SESSION_COOKIE = "academy_session";

/**
 * Its name in production: the `__Host-` prefix makes a browser take it only when Secure, for
 * path "/" and with no Domain, so no sibling subdomain can set or shadow it.
 */
export const SECURE_SESSION_COOKIE = "__Host-academy_session";

/** Whether a Cookie header carries a staff session under either name (for caching: never shared). */
export const SESSION_COOKIE_SENT = /(?:^|;\s*)(?:__Host-)?academy_session=[^;]/;

/**
 * Password length, docs/product.md §5's rules aside: at most this many characters, so a hash's
 * input stays small; a passphrase of 20 words still fits.
 */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The academy team's roles (docs/decisions/031-staff-roles.md): an Admin runs the site, an
 * Admissions member handles applicants and messages, an Editor writes courses, articles and jobs.
 */
export const STAFF_ROLES = ["admin", "admissions", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a staff call or page needs. `account` is one's own account (two-factor sign-in), which
 * every role has; each other one is a part of the work.
 */
export const PERMISSIONS = [
  "account",
  "content",
  "applicants",
  "messages",
  "exports",
  "staff",
  "security-log",
  "insights",
  /** The academy's settings: contact, payments, social links, data protection, announcement. */
  "settings",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  admissions: ["account", "applicants", "messages", "exports", "insights"],
  editor: ["account", "content", "insights"],
};

export function roleAllows(role: StaffRole, permission: Permission) {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Roles that reach minors' ID documents must sign in with a second factor before they use
 * what an Editor cannot: applicants, messages, exports, staff, the security log
 * (docs/decisions/032-two-factor-sign-in.md). Their own account and content stay open, so
 * an Admin made by `npm run staff` can sign in and set it up.
 */
export function roleNeedsTwoFactor(role: StaffRole) {
  return role === "admin" || role === "admissions";
}

export function permissionNeedsTwoFactor(permission: Permission) {
  return !ROLE_PERMISSIONS.editor.includes(permission);
}

/** An invitation's link is valid this long, and works once. */
export const INVITATION_HOURS = 72;

/** Recovery codes made when two-factor sign-in is turned on, each good once. */
export const RECOVERY_CODE_COUNT = 10;

/** Security log entries older than this are purged (docs/security.md, "Security log"). */
export const SECURITY_LOG_DAYS = 365;

/** How a role is called in mails and pages. */
export const ROLE_NAMES: Record<StaffRole, string> = { admin: "Admin", admissions: "Admissions", editor: "Editor" };

/**
 * Where a member lands after signing in when no page sent them (docs/product.md §8), their desk:
 * Admissions and an Admin the admissions desk, an Editor the schedule (docs/decisions/032, as amended).
 * Only a member whose role requires two-factor sign-in and who may not work without it yet
 * (`setupRequired`: the API's `needsTwoFactorSetup`, which exempts demo accounts) starts at its
 * set-up, as decision 032 enforces; everyone else reads a reminder banner instead.
 */
export function staffHome(role: StaffRole, setupRequired = false) {
  if (setupRequired && roleNeedsTwoFactor(role)) return "/admin/account";
  // The desk is where the day's admissions work starts; an Admin does it too, and sees the launch
  // checklist there (docs/decisions/076-the-admissions-desk.md, as amended).
  if (roleAllows(role, "applicants")) return "/admin/desk";
  return roleAllows(role, "messages") ? "/admin/messages" : "/admin/scheduled";
}
