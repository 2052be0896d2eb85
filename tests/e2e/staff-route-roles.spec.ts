import { rolesText } from "../../app/content/staff-accounts";
import { rolesFor, STAFF_ROUTES, type StaffRouteId } from "../../app/features/auth/staff-routes";
import { STAFF_ROLES } from "../../domain/staff";
import { expect, test } from "./fixtures";

// Each role against each staff route of the one table the pages' checks read
// (app/features/auth/staff-routes.ts; docs/product.md §6, docs/decisions/031-staff-roles.md):
// a role the row allows gets the page, any other a 403 page that says who may open it, what this
// role is for and who can help — never the page itself, half working. JavaScript on and off.
const routes = Object.keys(STAFF_ROUTES) as StaffRouteId[];

/** A demo course's id for the rows whose example opens one item. */
async function aCourseId() {
  const { getDb } = await import("../../api/db/index");
  const row = await (await getDb()).selectFrom("courses").select("id").limit(1).executeTakeFirstOrThrow();
  return row.id;
}

for (const role of STAFF_ROLES) {
  test.describe(`as ${role}`, () => {
    test.use({ staffRole: role });

    test(`each staff route opens for ${role} only where the table allows it`, async ({ staffPage: page, baseURL }) => {
      test.setTimeout(120_000);
      const course = await aCourseId();
      for (const route of routes) {
        const row: { example: string; file?: boolean; postOnly?: boolean } = STAFF_ROUTES[route];
        const url = row.example.replace("{course}", course);
        const allowed = rolesFor(route).includes(role);
        const words = rolesText.forbidden(role, rolesFor(route));
        await test.step(`${allowed ? "opens" : "refuses"} ${url}`, async () => {
          if (row.file) {
            const res = row.postOnly
              ? await page.request.post(url, { headers: { Origin: baseURL! }, multipart: { kind: "image" } })
              : await page.request.get(url, { maxRedirects: 0 });
            if (allowed) expect(res.status(), url).not.toBe(403);
            else {
              expect(res.status(), url).toBe(403);
              expect(res.headers()["cache-control"]).toContain("no-store");
              expect(await res.text()).toBe(`${rolesText.forbiddenTitle}. ${words} ${rolesText.forbiddenHelp}`);
            }
            return;
          }
          const res = await page.goto(url);
          if (allowed) {
            expect(res?.status(), url).not.toBe(403);
            await expect(page.getByRole("heading", { name: rolesText.forbiddenTitle })).toHaveCount(0);
            return;
          }
          expect(res?.status(), url).toBe(403);
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(rolesText.forbiddenTitle);
          await expect(page.getByRole("alert").filter({ hasText: "This page is for" })).toHaveText(
            `${words} ${rolesText.forbiddenHelp}`,
          );
          // Nothing of the refused page is drawn: no editor, no publish button, no form to send.
          await expect(page.getByRole("button", { name: "Publish" })).toHaveCount(0);
          await expect(page.locator("main form")).toHaveCount(0);
        });
      }
    });
  });
}
