import { test as base, expect, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";

// Fixtures reach the same database as the server under test (the e2e data folder).
process.env.DATA_DIR = E2E_DATA_DIR;
process.env.NODE_ENV = "test";
delete process.env.DATABASE_URL;

type Staff = { email: string; password: string; id: string };

export const test = base.extend<{ staff: Staff; staffPage: Page }>({
  staff: async ({}, use, info) => {
    const { getDb } = await import("../../api/db/index");
    const { hashPassword } = await import("../../api/auth/password");
    const { newId } = await import("../../api/lib/ids");
    const db = await getDb();
    const staff = { id: newId(), email: `staff-${newId().slice(0, 8)}@academy.test`, password: "Staff#Pass2025" };
    await db.insertInto("users").values({ id: staff.id, email: staff.email, name: `Staff ${info.project.name}`, password_hash: await hashPassword(staff.password), is_demo: 0, created_at: new Date().toISOString() }).execute();
    await use(staff);
    await db.deleteFrom("users").where("id", "=", staff.id).execute();
  },
  /** A page already signed in as a fresh staff user (through the real login call). */
  staffPage: async ({ page, staff }, use) => {
    const res = await page.request.post("/api/auth/login/password", { data: { username: staff.email, password: staff.password, keepMeSignedIn: true } });
    expect(res.status()).toBe(200);
    await use(page);
  },
});

export { expect };
