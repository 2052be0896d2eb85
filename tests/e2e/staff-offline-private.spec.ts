import type { Page } from "@playwright/test";

import { LOCAL_COPY_KEY } from "../../app/features/registration/saved-form";
import { expect, jsEnabled, test } from "./fixtures";
import { pngBytes, signInThroughApi, uploadTokenHeader } from "./staff-helpers";
import { ready } from "./visitor-helpers";

// The offline worker knows when it is offline and keeps nothing private
// (docs/decisions/042-offline-reading.md; docs/security.md, "Offline copies on a shared phone"):
// a page read offline shows its notice even when the browser's HTTP cache still holds it, and
// after every kind of page — public, the registration form with a saved form's token, the
// applicant's status page, a guardian's link, staff pages — Cache Storage holds no `private` or
// `no-store` answer and no URL carrying a token. Without JavaScript there is no worker at all.

async function controlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 15_000 });
}

const kept = (page: Page, path: string) =>
  page.evaluate(async (p) => !!(await caches.match(new URL(p, location.origin).href)), path);

/** Every entry of every store of the worker: its URL and the Cache-Control it was answered with. */
const stored = (page: Page) =>
  page.evaluate(async () => {
    const entries: { store: string; url: string; cacheControl: string }[] = [];
    for (const name of await caches.keys()) {
      const store = await caches.open(name);
      for (const request of await store.keys()) {
        const response = await store.match(request);
        entries.push({ store: name, url: request.url, cacheControl: response?.headers.get("Cache-Control") ?? "" });
      }
    }
    return entries;
  });

/** A saved form (docs/decisions/036), as "Save and continue later" makes one: its private token. */
async function savedFormToken(page: Page, baseURL: string, lastname: string) {
  const res = await page.request.post("/api/applicant/saved", {
    headers: { Origin: baseURL },
    data: { fields: { firstname: "Amina", lastname, dob: "2010-03-04", street: "4 Private Close" }, files: [] },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** A registration, answering its private status link's token. */
async function statusToken(page: Page, lastname: string) {
  // The registration names the token its file came with: it may claim only that (docs/security.md).
  const pageToken = await uploadTokenHeader(page.request);
  const upload = await page.request.post("/api/applicant/files", {
    headers: pageToken,
    multipart: { group: "idCards", file: { name: "nin.png", mimeType: "image/png", buffer: await pngBytes() } },
  });
  const [file] = (await upload.json()) as { public_id: string }[];
  const courses = (await (await page.request.get("/api/courses?limit=1")).json()) as {
    title: string;
    courseTypes: string[];
  }[];
  const res = await page.request.post("/api/applicant", {
    headers: pageToken,
    form: {
      firstname: "Amina",
      lastname,
      gender: "Female",
      dob: "2000-01-09",
      email: `amina.${lastname.toLowerCase()}@example.com`,
      phone: "+2348012345678",
      street: "4 Private Close",
      city: "Ikoyi",
      state: "lagos",
      courseTitle: courses[0]!.title,
      courseType: courses[0]!.courseTypes[0]!,
      idCards: "NIN",
      parentConsent: "Yes",
      highestEducation: "none",
      emergencyFullname: "Musa Bello",
      emergencyRelationship: "Father",
      emergencyPhone: "+2348098765432",
      regTerms: "on",
      regPrivacy: "on",
      files: file!.public_id,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { statusToken: string }).statusToken;
}

test("a page visited, then read offline at once, shows the saved notice; the offline page does not say it was saved", async ({
  page,
  context,
}, testInfo) => {
  await page.goto("/blog");
  if (!jsEnabled(testInfo)) {
    await page.waitForTimeout(500);
    return expect(context.serviceWorkers()).toHaveLength(0);
  }
  await ready(page, testInfo);
  await controlled(page);
  await expect.poll(() => kept(page, "/blog")).toBe(true);
  await page.goto("/courses");
  // Offline within seconds of the visit: the browser's HTTP cache still holds the page
  // (stale-while-revalidate), and must not answer for the worker.
  await context.setOffline(true);
  await page.goto("/blog");
  const notice = page.getByRole("status").filter({ hasText: "You are offline; this page was saved at" });
  await expect(notice).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  await page.reload();
  await expect(notice).toBeVisible();
  // Read offline, the page has no scripts: its links are whole-page loads the worker answers.
  expect(await page.locator("script[src]").count()).toBe(0);

  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  await expect(page.getByText("this page was saved at")).toHaveCount(0);
  await context.setOffline(false);
});

test("after every kind of page, Cache Storage holds no private or no-store answer and no URL with a token", async ({
  page,
  context,
  staff,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.goto("/");
  if (!jsEnabled(testInfo)) {
    await page.waitForTimeout(500);
    return expect(context.serviceWorkers()).toHaveLength(0);
  }
  await ready(page, testInfo);
  await controlled(page);
  // Letters only, as a name must be.
  const tag = `Okoro${Date.now()
    .toString(26)
    .replace(/./g, (c) => String.fromCharCode(97 + parseInt(c, 26)))}`;
  const resume = await savedFormToken(page, baseURL!, tag);
  const status = await statusToken(page, `Bello${tag}`);

  // Public pages, whole and by client-side navigation.
  for (const path of ["/", "/blog", "/courses"]) await page.goto(path);
  const course = page.locator("main .card a[href^='/course/']").first();
  const coursePath = (await course.getAttribute("href"))!;
  await course.click();
  await expect(page).toHaveURL(coursePath);
  // The registration form, bare, for a course, and with a saved form's token (whole page and
  // client-side navigation, just saved and reopened).
  await page.goto("/registration-form");
  await page.goto(`/registration-form?resume=${resume}`);
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.goto(`/registration-form?resume=${resume}&saved=mailed`);
  await page.goto("/courses");
  await page.evaluate(
    (to) =>
      (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(to),
    `/registration-form?resume=${resume}`,
  );
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  // The applicant's status page, the link-again form, a guardian's link, the contact page.
  await page.goto(`/application/${status}`);
  await page.goto("/application");
  await page.goto(`/guardian/confirm?token=${"g".repeat(43)}`);
  await page.goto("/contact");
  // Staff pages, signed in.
  await signInThroughApi(page, staff);
  for (const path of ["/admin/messages", "/admin/applicants", "/course/new", "/admin/scheduled"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  // What the worker keeps in the background has been written.
  await expect.poll(() => kept(page, coursePath)).toBe(true);
  await page.waitForTimeout(1_000);

  const entries = await stored(page);
  const pages = entries.filter((e) => e.store.startsWith("academy-pages-"));
  // Not vacuous: the public pages and the registration form (its public copy) are kept.
  expect(pages.map((e) => new URL(e.url).pathname)).toEqual(
    expect.arrayContaining(["/blog", "/courses", coursePath, "/registration-form", "/offline"]),
  );
  for (const entry of entries) {
    const url = new URL(entry.url);
    expect(entry.cacheControl, entry.url).not.toMatch(/private|no-store/);
    expect(entry.url).not.toContain(resume);
    expect(entry.url).not.toContain(status);
    expect([...url.searchParams.keys()], entry.url).not.toEqual(expect.arrayContaining(["resume"]));
    expect([...url.searchParams.keys()], entry.url).not.toEqual(expect.arrayContaining(["token"]));
    expect(url.pathname, entry.url).not.toMatch(/^\/(application|guardian|admin|edit|course\/new)(\/|$)/);
  }
  for (const entry of pages) expect(entry.cacheControl, entry.url).toMatch(/(^|,)\s*public\b/);
  // Nor is the saved person in any kept page.
  const bodies = await page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys())
        if (name.startsWith("academy-pages-"))
          texts.push(await (await (await caches.open(name)).match(request))!.text());
    return texts.join("\n");
  });
  expect(bodies).not.toContain(tag);
  expect(bodies).not.toContain("4 Private Close");

  // Offline, the saved form's link shows nobody's data: the offline page.
  await context.setOffline(true);
  await page.goto(`/registration-form?resume=${resume}`);
  await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  await expect(page.getByText(tag)).toHaveCount(0);
  // The bare form is still there to read offline, from its public copy.
  await page.goto("/registration-form");
  await expect(page.getByRole("status").filter({ hasText: "this page was saved at" })).toBeVisible();
  await expect(page.locator("input[name='uploadToken'][value]:not([value=''])")).toHaveCount(0);
  await context.setOffline(false);
});

test("a saved form's link that no longer works erases the phone's copy of the form", async ({ page }, testInfo) => {
  await page.goto("/registration-form");
  if (!jsEnabled(testInfo)) {
    // Without JavaScript the phone keeps no copy; the page says the link no longer works.
    await page.goto(`/registration-form?resume=${"e".repeat(43)}`);
    return expect(page.getByRole("alert")).toContainText("This saved form has expired or was already sent");
  }
  await ready(page, testInfo);
  await page.evaluate(
    (key) =>
      localStorage.setItem(
        key,
        JSON.stringify([
          ["firstname", "Amina"],
          ["street", "4 Private Close"],
        ]),
      ),
    LOCAL_COPY_KEY,
  );
  await page.goto(`/registration-form?resume=${"e".repeat(43)}`);
  await expect(page.getByRole("alert")).toContainText("This saved form has expired or was already sent");
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), LOCAL_COPY_KEY)).toBeNull();
});
