// The table `npm run staff -- list` prints: one account a line, tab-separated, with when it
// was created and when it last signed in (docs/decisions/017-revisions-and-audit.md), both in UTC as stored.
export type StaffListRow = {
  email: string;
  name: string;
  is_demo: number;
  created_at: string;
  last_login_at: string | null;
  /** Absent in rows read before roles existed (tests of the format). */
  role?: string;
  totp_enabled_at?: string | null;
  deactivated_at?: string | null;
};

export const STAFF_LIST_HEADER = ["Email", "Name", "Created", "Last sign-in"].join("\t");

export function formatStaffList(users: readonly StaffListRow[]) {
  const lines = users.map((u) =>
    [
      u.email,
      `${u.name}${u.is_demo ? " (demo)" : ""}${u.role ? ` [${u.role}${u.totp_enabled_at ? ", 2FA" : ""}${u.deactivated_at ? ", deactivated" : ""}]` : ""}`,
      u.created_at,
      u.last_login_at ?? "never",
    ].join("\t"),
  );
  return [STAFF_LIST_HEADER, ...lines].join("\n");
}
