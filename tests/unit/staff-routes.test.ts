import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { ROLE_PERMISSIONS, staffHome } from "@domain/staff";
import { rolesFor, STAFF_ROUTES } from "~/features/auth/staff-routes";

// Every staff route file of app/routes has its row in STAFF_ROUTES, and its guard reads that row
// (docs/decisions/031-staff-roles.md): a staff page added later without saying who may open it
// fails here, and tests/e2e/staff-route-roles.spec.ts then tries each role against it.
const routesDir = path.resolve(__dirname, "../../app/routes");
const files = fs.readdirSync(routesDir).filter((f) => /\.tsx?$/.test(f));
const keyOf = (file: string) => file.replace(/\.tsx?$/, "");
const source = (file: string) => fs.readFileSync(path.join(routesDir, file), "utf8");

/** The URL's segments of a flat-routes file name ("admin.applicants[.]csv" → admin, applicants.csv). */
const segments = (key: string) => key.split(/\.(?![^[]*\])/).map((s) => s.replace(/_$/, "").replace(/^_/, ""));

/** Staff by its address (/admin…, /edit…, /editor…, /…/new) or by the staff guard it calls. */
function isStaffRoute(file: string) {
  const [first, ...rest] = segments(keyOf(file));
  if (["admin", "edit", "editor"].includes(first!) || rest.includes("new")) return true;
  return /\b(requireStaff|requireStaffRoute|refuseOtherRoles|inboxRequest|runTrashAction)\(/.test(source(file));
}

const staffFiles = files.filter(isStaffRoute);

describe("the staff routes' table", () => {
  it("finds the staff route files (the test reads the folder it should)", () => {
    expect(staffFiles).toContain("admin.applicants.tsx");
    expect(staffFiles).toContain("course.new.tsx");
    expect(staffFiles).toContain("edit.$type.$id.tsx");
    expect(staffFiles).not.toContain("registration-form.tsx");
    expect(staffFiles).not.toContain("fla-admin.tsx");
  });

  it.each(staffFiles)("%s has a row in STAFF_ROUTES", (file) => {
    expect(Object.keys(STAFF_ROUTES), `add "${keyOf(file)}" to app/features/auth/staff-routes.ts`).toContain(
      keyOf(file),
    );
  });

  it.each(staffFiles)("%s checks the role through its own row", (file) => {
    // The loader or action names its row: requireStaffRoute(request, "<key>") or the feature helper it hands the key to.
    expect(source(file)).toContain(`"${keyOf(file)}"`);
  });

  it("has no row for a file that is gone", () => {
    const keys = new Set(files.map(keyOf));
    expect(Object.keys(STAFF_ROUTES).filter((key) => !keys.has(key))).toEqual([]);
  });

  it("names roles by the API's permissions: an Admin may open every staff route, each row some role less", () => {
    for (const route of Object.keys(STAFF_ROUTES) as (keyof typeof STAFF_ROUTES)[]) {
      expect(rolesFor(route)).toContain("admin");
      expect(ROLE_PERMISSIONS.admin).toContain(STAFF_ROUTES[route].permission);
    }
    expect(rolesFor("course.new")).toEqual(["admin", "editor"]);
    expect(rolesFor("admin.applicants")).toEqual(["admin", "admissions"]);
    expect(rolesFor("admin.staff")).toEqual(["admin"]);
    expect(rolesFor("admin.account")).toEqual(["admin", "admissions", "editor"]);
  });
});

describe("where a member lands after signing in (decision 032, amended)", () => {
  it("is their desk: Admissions the applicants, an Admin the inbox, an Editor the schedule", () => {
    expect(staffHome("admissions")).toBe("/admin/desk");
    expect(staffHome("admin")).toBe("/admin/desk");
    expect(staffHome("editor")).toBe("/admin/scheduled");
  });

  it("is the two-factor set-up only while the role requires it and it is not on (decision 032)", () => {
    expect(staffHome("admissions", true)).toBe("/admin/account");
    expect(staffHome("admin", true)).toBe("/admin/account");
    // An Editor's two-factor sign-in is optional: never a detour.
    expect(staffHome("editor", true)).toBe("/admin/scheduled");
  });
});
