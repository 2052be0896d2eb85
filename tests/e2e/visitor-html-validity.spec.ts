import type { Page } from "@playwright/test";

import { expect, jsEnabled, test } from "./fixtures";
import { htmlErrors, serverHtml } from "./html-checker";

/** The first link in the page's HTML whose path starts with `prefix`. */
function firstLink(html: string, prefix: string) {
  const href = html.match(new RegExp(`href="(${prefix}[^"#?]+)"`))?.[1];
  if (!href) throw new Error(`no link starting with ${prefix}`);
  return href;
}

/** Posts the page's form empty, past the browser's own checks, so the server's errors render. */
async function submitEmpty(page: Page, url: string, button: string) {
  await page.goto(url);
  await page
    .locator("main form")
    .first()
    .evaluate((form) => form.setAttribute("novalidate", ""));
  await page.locator("main form").first().getByRole("button", { name: button }).click();
}

test("every public page's server HTML passes the Nu HTML Checker", async ({ page }, testInfo) => {
  const pages: Record<string, string> = {};
  if (jsEnabled(testInfo)) {
    // The HTML exactly as the server sends it (the same with JavaScript on or off).
    for (const [name, url] of Object.entries({
      home: "/",
      about: "/about",
      courses: "/courses",
      blog: "/blog",
      registration: "/registration-form",
      "sign-in": "/fla-admin",
      privacy: "/privacy",
      terms: "/terms",
      contact: "/contact",
      "password-reset": "/password-reset",
      jobs: "/blog?jobs",
      "job-alerts": "/job-alerts",
      "job-alerts-confirm": "/job-alerts/confirm?token=nope",
    }))
      pages[name] = await serverHtml(page.request, url);
    pages["not-found"] = await serverHtml(page.request, "/no-such-page-anywhere", 404);
    pages.course = await serverHtml(page.request, firstLink(pages.courses!, "/course/"));
    pages.article = await serverHtml(page.request, firstLink(pages.blog!, "/article/"));
    pages.job = await serverHtml(page.request, firstLink(await serverHtml(page.request, "/blog?jobs"), "/job/"));
  } else {
    // Without JavaScript a refused post comes back as a whole page: its error states, checked too.
    await submitEmpty(page, "/contact", "Send");
    await expect(page.locator("[aria-invalid='true']").first()).toBeVisible();
    pages["contact-errors"] = await page.content();
    await submitEmpty(page, "/registration-form", "Submit");
    await expect(page.locator("[aria-invalid='true']").first()).toBeVisible();
    pages["registration-errors"] = await page.content();
    await submitEmpty(page, "/fla-admin", "Log in");
    await expect(page.getByText("Kindly input your email")).toBeVisible();
    pages["sign-in-errors"] = await page.content();
  }
  const errors = await htmlErrors(pages);
  expect(errors, errors.join("\n")).toEqual([]);
});
