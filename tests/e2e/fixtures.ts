import { expect, type Page, test as base, type TestInfo } from "@playwright/test";

type Staff = { email: string; password: string; id: string; totpSecret: string | null };
type Role = "admin" | "admissions" | "editor";

/** The data folder of the server this project's journeys run against (its DB, its outbox). */
export function dataDir() {
  const dir = process.env.DATA_DIR;
  if (!dir) throw new Error("DATA_DIR is set by the e2eData fixture");
  return dir;
}

/** Whether this journey runs with JavaScript (project js-on) or without (js-off). */
export const jsEnabled = (info: TestInfo) => info.project.use.javaScriptEnabled !== false;

/**
 * Waits until React has hydrated the page (its first commit), when the page has modules at all:
 * a page fetches its modules after its first paint (docs/decisions/045-first-paint-like-the-blog.md),
 * and until they run a click or a chosen file gets the JavaScript-off behaviour, by design. A
 * journey with JavaScript tests the enhanced behaviour, so it acts once the page is hydrated.
 * React keeps its root on the container (`document`); it has a child once the first commit is done.
 * A form whose code comes on the visitor's first touch (the registration and contact forms,
 * docs/decisions/050-the-form-code-comes-on-first-touch.md) is touched as a first tap would, and
 * waited for until React has hydrated it too.
 */
export async function hydrated(page: Page) {
  await rootHydrated(page);
  await page.waitForFunction(
    () => {
      if (!("__remixContext" in window)) return true;
      // React claims a node (and gives it its fiber key) as it hydrates it; the commit and the
      // form's effects follow within a few milliseconds, so a form counts once it was seen
      // claimed at an earlier poll.
      const seen = ((window as unknown as { __claimedForms?: WeakSet<Element> }).__claimedForms ??= new WeakSet());
      return [...document.forms].every((form) => {
        if (seen.has(form)) return true;
        if (Object.keys(form).some((k) => k.startsWith("__reactFiber$"))) seen.add(form);
        else form.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
        return false;
      });
    },
    undefined,
    { timeout: 15_000, polling: 100 },
  );
}

/** Waits for React's first commit of the page (see `hydrated`), touching nothing. */
export async function rootHydrated(page: Page) {
  await page.waitForFunction(
    () => {
      const doc = document as unknown as Record<string, { stateNode?: { current?: { child?: unknown } } } | undefined>;
      if (!("__remixContext" in window)) return true; // a page without modules (Lite, static pages)
      const key = Object.keys(doc).find((k) => k.startsWith("__reactContainer$"));
      return !!(key && doc[key]?.stateNode?.current?.child);
    },
    undefined,
    { timeout: 15_000 },
  );
}

/** Makes the page's `goto` and `reload` wait until the page is hydrated (see `hydrated`), as the fixture's page does. */
export function waitForHydrationOnNavigation(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated(page);
    return response;
  };
}

export const test = base.extend<{ staffRole: Role; staff: Staff; staffPage: Page }, { dataDir: string; e2eData: void }>(
  {
    // With JavaScript, every page a journey opens is hydrated before the journey acts on it.
    page: async ({ page }, use, info) => {
      if (jsEnabled(info)) waitForHydrationOnNavigation(page);
      await use(page);
    },
    /**
     * The fixture staff member's role: an Admin by default, with two-factor sign-in on (the role
     * requires it; decision 032); an Editor signs in with the password alone.
     */
    staffRole: ["admin", { option: true }],
    dataDir: ["", { option: true, scope: "worker" }],
    // Fixtures and journeys reach the same database and outbox as the server under test.
    // A worker runs one project only, so one data folder per process.
    e2eData: [
      async ({ dataDir }, use) => {
        process.env.DATA_DIR = dataDir;
        process.env.NODE_ENV = "test";
        delete process.env.DATABASE_URL;
        await use();
      },
      { scope: "worker", auto: true },
    ],
    staff: async ({ staffRole }, use, info) => {
      const { getDb } = await import("../../api/db/index");
      const { hashPassword } = await import("../../api/auth/password");
      const { newId } = await import("../../api/lib/ids");
      const { newTotpSecret } = await import("../../api/auth/two-factor");
      const db = await getDb();
      const twoFactor = staffRole !== "editor";
      const staff = {
        id: newId(),
        email: `staff-${newId().slice(0, 8)}@academy.test`,
        password: "Staff#Pass2025",
        totpSecret: twoFactor ? newTotpSecret() : null,
      };
      await db
        .insertInto("users")
        .values({
          id: staff.id,
          email: staff.email,
          name: `Staff ${info.project.name}`,
          password_hash: await hashPassword(staff.password),
          is_demo: 0,
          created_at: new Date().toISOString(),
          role: staffRole,
          totp_secret: staff.totpSecret,
          totp_enabled_at: twoFactor ? new Date().toISOString() : null,
        })
        .execute();
      await use(staff);
      await db.deleteFrom("users").where("id", "=", staff.id).execute();
    },
    /** A page already signed in as a fresh staff user (through the real login calls, the code step included). */
    staffPage: async ({ page, staff }, use) => {
      const res = await page.request.post("/api/auth/login/password", {
        data: { username: staff.email, password: staff.password, keepMeSignedIn: true },
      });
      expect(res.status()).toBe(200);
      if (((await res.json()) as { codeNeeded?: boolean }).codeNeeded) {
        const { currentCode } = await import("./staff-helpers");
        const code = await page.request.post("/api/auth/login/code", {
          data: { code: await currentCode(staff.email) },
        });
        expect(code.status()).toBe(200);
      }
      await use(page);
    },
  },
);

export { expect };
