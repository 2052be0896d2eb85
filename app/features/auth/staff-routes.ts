import { type Permission, ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from "@domain/staff";

/**
 * Every staff route of app/routes (the file's name without its extension) and the permission
 * its loader and action ask for (docs/decisions/031-staff-roles.md): one table that the pages'
 * checks read (`requireStaffRoute`) and the tests walk, each role against each row
 * (tests/e2e/staff-route-roles.spec.ts). tests/unit/staff-routes.test.ts fails when a staff route
 * file has no row here, so a page added later says who may open it.
 *
 * `example` is a URL of the route the browser journey opens; `{course}` stands for a course's id.
 * `file` routes answer a download, not a page: their refusal is plain text.
 */
export const STAFF_ROUTES = {
  admin: { permission: "account", example: "/admin" },
  "admin.account": { permission: "account", example: "/admin/account" },
  "admin.messages": { permission: "messages", example: "/admin/messages" },
  "admin.messages[.]csv": { permission: "exports", example: "/admin/messages.csv", file: true },
  "admin.messages[.]xlsx": { permission: "exports", example: "/admin/messages.xlsx", file: true },
  "admin.applicants": { permission: "applicants", example: "/admin/applicants" },
  "admin.applicants[.]csv": { permission: "exports", example: "/admin/applicants.csv", file: true },
  "admin.applicants[.]xlsx": { permission: "exports", example: "/admin/applicants.xlsx", file: true },
  "admin.applicants_.$id": { permission: "applicants", example: "/admin/applicants/unknown" },
  "admin.files.$": { permission: "applicants", example: "/admin/files/applicants/unknown", file: true },
  "admin.privacy": { permission: "applicants", example: "/admin/privacy" },
  "admin.privacy_.export": { permission: "applicants", example: "/admin/privacy/export", file: true },
  "admin.scheduled": { permission: "content", example: "/admin/scheduled" },
  "admin.trash": { permission: "content", example: "/admin/trash" },
  "admin.$type.$id.trash": { permission: "content", example: "/admin/course/{course}/trash" },
  "admin.$type.$id.delete": { permission: "content", example: "/admin/course/{course}/delete" },
  "admin.$type.$id.history": { permission: "content", example: "/admin/course/{course}/history" },
  "admin.$type.$id.history_.$revId": { permission: "content", example: "/admin/course/{course}/history/unknown" },
  "admin.drafts.$type.discard": { permission: "content", example: "/admin/drafts/course/discard" },
  "course.new": { permission: "content", example: "/course/new" },
  "article.new": { permission: "content", example: "/article/new" },
  "job.new": { permission: "content", example: "/job/new" },
  "edit.$type.$id": { permission: "content", example: "/edit/course/{course}" },
  "editor.upload": { permission: "content", example: "/editor/upload", file: true, postOnly: true },
  "admin.mail": { permission: "staff", example: "/admin/mail" },
  "admin.staff": { permission: "staff", example: "/admin/staff" },
  "admin.security-log": { permission: "security-log", example: "/admin/security-log" },
  "admin.security-log[.]csv": { permission: "security-log", example: "/admin/security-log.csv", file: true },
  "admin.settings": { permission: "settings", example: "/admin/settings" },
  "admin.content": { permission: "content", example: "/admin/content" },
  // The privacy notice and the terms (docs/decisions/071): the academy's commitments, an Admin's.
  "admin.legal.$doc": { permission: "settings", example: "/admin/legal/privacy" },
  "admin.insights": { permission: "insights", example: "/admin/insights" },
  "admin.insights[.]csv": { permission: "insights", example: "/admin/insights.csv?table=pages", file: true },
  "admin.certificates": { permission: "applicants", example: "/admin/certificates" },
  // A course's intakes and seats (docs/decisions/068-intakes-and-seats.md): admissions' decisions.
  "admin.courses.$id.intakes": { permission: "applicants", example: "/admin/courses/{course}/intakes" },
  // The admissions desk (docs/decisions/076-the-admissions-desk.md): Admissions' landing page.
  "admin.desk": { permission: "applicants", example: "/admin/desk" },
  // The desk's lists behind two of its counts (docs/decisions/088).
  "admin.desk_.guardians": { permission: "applicants", example: "/admin/desk/guardians" },
  "admin.desk_.saved-forms": { permission: "applicants", example: "/admin/desk/saved-forms" },
  "admin.intakes.$id.roster": { permission: "applicants", example: "/admin/intakes/unknown/roster" },
  "admin.intakes.$id.roster[.]csv": { permission: "exports", example: "/admin/intakes/unknown/roster.csv", file: true },
  // Message an intake (docs/decisions/080-message-an-intake.md): a preview with the count, then one mail each.
  "admin.intakes.$id.message": { permission: "applicants", example: "/admin/intakes/unknown/message" },
  "admin.intakes.$id.roster[.]xlsx": {
    permission: "exports",
    example: "/admin/intakes/unknown/roster.xlsx",
    file: true,
  },
  "admin.payments": { permission: "applicants", example: "/admin/payments" },
  "admin.payments[.]csv": { permission: "exports", example: "/admin/payments.csv", file: true },
  "admin.errors": { permission: "staff", example: "/admin/errors" },
} as const satisfies Record<
  string,
  {
    permission: Permission;
    example: string;
    file?: boolean;
    /** answers POST only (a GET redirects home) */ postOnly?: boolean;
  }
>;

export type StaffRouteId = keyof typeof STAFF_ROUTES;

/** The roles that may open a staff route, in the order of STAFF_ROLES. */
export function rolesFor(route: StaffRouteId): StaffRole[] {
  const { permission } = STAFF_ROUTES[route];
  return STAFF_ROLES.filter((role) => (ROLE_PERMISSIONS[role] as readonly Permission[]).includes(permission));
}
