import type { Page, TestInfo } from "@playwright/test";

import { expect, hydrated, jsEnabled, rootHydrated, test } from "./fixtures";
import { ready } from "./visitor-helpers";

const MESSAGES = [
  "Kindly input your fullname",
  "Kindly input your email",
  "Kindly input your phone number",
  "Help us understand the matter of your mail",
  "Kindly input your message",
];

/** Opens the contact form: the modal with JavaScript, the /contact page without. */
async function openContact(page: Page, info: TestInfo) {
  await page.goto("/courses");
  await ready(page, info);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
  if (jsEnabled(info)) {
    const dialog = page.getByRole("dialog", { name: "Contact Us" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(dialog.getByLabel("Full name")).toBeVisible();
    return dialog;
  }
  await expect(page).toHaveURL(/\/contact$/);
  return page.locator("main");
}

async function fill(
  form: ReturnType<Page["locator"]>,
  values: { fullname: string; email: string; phone: string; issue: string; message: string },
) {
  await form.getByLabel("Full name").fill(values.fullname);
  await form.getByLabel("Email").fill(values.email);
  await form.getByLabel("Phone").fill(values.phone);
  await form.getByLabel("Issue").selectOption(values.issue);
  await form.getByLabel("Message").fill(values.message);
}

test("a visitor sends a message and sees the errors when fields are empty", async ({ page }, testInfo) => {
  const form = await openContact(page, testInfo);
  await expect(form.getByText("Kindly include country code e.g +234, +1")).toBeVisible();
  await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(form.getByLabel("Issue").locator("option")).toHaveText([
    "Select an issue",
    "Course-related",
    "Payment-related",
    "Others",
  ]);
  await expect(form.locator(".required-mark")).toHaveCount(5);
  // Native `required` would stop an empty post; turn it off to see the form's own messages.
  await form.locator("form").evaluate((f) => f.setAttribute("novalidate", ""));
  await form.getByRole("button", { name: "Send" }).click();
  for (const message of MESSAGES) await expect(form.getByText(message)).toBeVisible();

  await fill(form, {
    fullname: "Ada Obi",
    email: "ada@example.com",
    phone: "+2348012345678",
    issue: "1",
    message: "When does the next hairdressing session start?",
  });
  await form.getByRole("button", { name: "Send" }).click();
  // The form gives way to a lasting confirmation, in the modal or on the page (decision 039).
  const thanks = "Thank you, Ada Obi. We will reply to ada@example.com within 2 working days.";
  await expect(form.getByRole("status")).toContainText(thanks);
  await expect(form.getByRole("status")).toContainText("+234 803 000 0000");
  await expect(form.getByLabel("Full name")).toHaveCount(0);
  if (jsEnabled(testInfo)) {
    await form.getByRole("status").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog", { name: "Contact Us" })).toBeHidden();
    // Reopened, the form is empty again.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("dialog").getByLabel("Full name")).toHaveValue("");
  } else {
    await expect(page).toHaveURL(/\/contact$/);
    await form.getByRole("link", { name: "Send another message" }).click();
    await expect(form.getByLabel("Full name")).toHaveValue("");
  }
  const { getDb } = await import("../../api/db/index");
  const stored = await (
    await getDb()
  )
    .selectFrom("contact_messages")
    .selectAll()
    .where("email", "=", "ada@example.com")
    .execute();
  expect(stored.length).toBeGreaterThan(0);
  expect(stored[0]).toMatchObject({ fullname: "Ada Obi", issue: 1 });
});

test("a message the server refuses shows its text in a persistent toast and keeps what was typed", async ({
  page,
}, testInfo) => {
  if (jsEnabled(testInfo)) await page.clock.install();
  const form = await openContact(page, testInfo);
  const typed = {
    fullname: "Bola Ade",
    email: "bola@example.com",
    phone: "call me maybe",
    issue: "2",
    message: "I paid yesterday; please confirm.",
  };
  await fill(form, typed);
  await form.getByRole("button", { name: "Send" }).click();
  const toast = page.locator(".toast[data-persistent]");
  await expect(toast).toContainText("Kindly input a valid phone number");
  await expect(form.getByLabel("Full name")).toHaveValue(typed.fullname);
  await expect(form.getByLabel("Message")).toHaveValue(typed.message);
  await expect(form.getByLabel("Issue")).toHaveValue("2");
  if (jsEnabled(testInfo)) {
    const dialog = page.getByRole("dialog", { name: "Contact Us" });
    await expect(dialog).toBeVisible();
    // The server's text also shows inside the modal, next to the form.
    await expect(dialog.locator(".field-errors").first()).toContainText("Kindly input a valid phone number");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  }
  // Persistent: still there after the timed toast's 5 seconds, until closed.
  if (jsEnabled(testInfo)) await page.clock.runFor(5500);
  await expect(toast).toBeVisible();
  await toast.locator(".toast-close").click();
  await expect(toast).toBeHidden();
});

test("the contact modal shows the sending state", async ({ page }, testInfo) => {
  const form = await openContact(page, testInfo);
  await fill(form, {
    fullname: "Chi Eze",
    email: "chi@example.com",
    phone: "+2348098765432",
    issue: "3",
    message: "Do you run weekend classes?",
  });
  if (jsEnabled(testInfo)) {
    // Hold the answer back until the sending state has been seen (single fetch posts to /contact.data).
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/contact.data**", async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole("button", { name: "Send" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(form.getByLabel("Full name")).toBeDisabled();
    answer();
    await expect(form.getByRole("status")).toContainText("Thank you, Chi Eze.");
  } else {
    await form.getByRole("button", { name: "Send" }).click();
    await expect(form.getByRole("status")).toContainText("Thank you, Chi Eze.");
  }
});

test("the footer's Contact Us opens the same form", async ({ page }, testInfo) => {
  await page.goto("/blog");
  await ready(page, testInfo);
  await page.locator("footer").getByRole("link", { name: "Contact Us" }).click();
  if (jsEnabled(testInfo)) await expect(page.getByRole("dialog", { name: "Contact Us" })).toBeVisible();
  else await expect(page).toHaveURL(/\/contact$/);
});

test("on a page without JavaScript (privacy) Contact Us goes to the contact page", async ({ page }) => {
  await page.goto("/privacy");
  await page.locator("footer").getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByLabel("Full name")).toBeVisible();
});

test("on a phone, the confirmation lasts and needs no cookie; its name and address are in no URL", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  if (jsEnabled(testInfo)) await page.clock.install();
  // A browser that keeps no cookie: every Set-Cookie on the way back is dropped.
  await page.route("**/contact**", async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers["set-cookie"];
    await route.fulfill({ response, headers });
  });
  await page.goto("/contact");
  await ready(page, testInfo);
  const form = page.locator("main");
  await fill(form, {
    fullname: "Dayo Kalu",
    email: "dayo@example.com",
    phone: "+2348011111111",
    issue: "1",
    message: "Hello",
  });
  await form.getByRole("button", { name: "Send" }).click();
  const status = form.getByRole("status");
  await expect(status).toContainText("Thank you, Dayo Kalu. We will reply to dayo@example.com within 2 working days.");
  // It stays: long after a toast would have gone.
  if (jsEnabled(testInfo)) await page.clock.runFor(30_000);
  await expect(status).toBeVisible();
  expect(page.url()).not.toContain("dayo");
  expect(await page.context().cookies()).toEqual([]);
  // Nothing spills sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Gone with the next page: it was this answer's, not a flash kept anywhere.
  await page.goto("/about");
  await expect(page.getByText("Thank you, Dayo Kalu")).toHaveCount(0);
});

test("when the modal's form cannot be fetched, the page stays and offers the contact page", async ({
  page,
}, testInfo) => {
  const contact = () => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" });
  await page.goto("/courses");
  await ready(page, testInfo);
  // The connection drops on the way to the form's data, the first time only.
  let fetches = 0;
  await page.route("**/contact.json", (route) =>
    fetches++ === 0 ? route.abort("internetdisconnected") : route.continue(),
  );
  await contact().click();
  if (!jsEnabled(testInfo)) {
    // Without JavaScript there is no modal and nothing to fetch: the link is the page.
    await expect(page).toHaveURL(/\/contact$/);
    expect(fetches).toBe(0);
    return;
  }
  const dialog = page.getByRole("dialog", { name: "Contact Us" });
  await expect(dialog.getByRole("alert")).toHaveText("The form could not be loaded. Open the contact page");
  // The page itself is still there, not an error page.
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Opening the modal again tries again.
  await page.keyboard.press("Escape");
  await contact().click();
  await expect(dialog.getByLabel("Full name")).toBeVisible();
  expect(fetches).toBe(2);
  // The link it offered is the contact page, which has the form itself.
  await page.reload();
  await ready(page, testInfo);
  await page.route("**/contact.json", (route) => route.abort("internetdisconnected"));
  await contact().click();
  await dialog.getByRole("link", { name: "Open the contact page" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByLabel("Full name")).toBeVisible();
});

test("the contact page's form code comes on the first touch; what was typed before it stays and the form's own checks then answer", async ({
  context,
}, testInfo) => {
  // A page of the context's own: the fixture's pages touch every form as they open.
  const page = await context.newPage();
  const formCode: string[] = [];
  page.on("request", (r) => /\/build\/_shared\/contact-form-[^/]+\.js$/.test(r.url()) && formCode.push(r.url()));
  await page.goto("/contact");
  await rootHydrated(page);
  await page.waitForLoadState("networkidle");
  const form = page.locator("main");
  // Neither fetched nor hydrated with the page: React left the server's form as it was.
  expect(formCode).toEqual([]);
  const formHydrated = () =>
    page.evaluate(() =>
      Object.keys(document.getElementById("contact-page-form")!).some((k) => k.startsWith("__reactFiber$")),
    );
  expect(await formHydrated()).toBe(false);
  await expect(form.getByLabel("Full name")).toBeEditable();
  if (!jsEnabled(testInfo)) return;
  // Typed while the page is still the server's form.
  await form.getByLabel("Full name").pressSequentially("Ada Obi");
  await expect.poll(() => formCode.length).toBe(1);
  await hydrated(page);
  await expect(form.getByLabel("Full name")).toHaveValue("Ada Obi");
  // The form's own code answers an incomplete submit in the page's words (not the browser's bubble).
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByText("Kindly input your email")).toBeVisible();
  await expect(form.getByLabel("Full name")).toHaveValue("Ada Obi");
});

test("the honeypot is hidden in a way text browsers honour: w3m shows neither its words nor a field", async ({
  page,
}) => {
  // The page as the most basic phone gets it: the server's HTML.
  const html = await (await page.request.get("/contact")).text();
  const trap = [...html.matchAll(/<input[^>]*name="(?:name|from)__confirm"[^>]*>/g)].map((m) => m[0]);
  expect(trap).toHaveLength(2);
  // type="hidden" is the one way w3m (and lynx) leave a field out; CSS, `hidden` and ARIA they ignore.
  for (const input of trap) expect(input).toMatch(/type="hidden"/);
  expect(html).not.toContain("leave this field blank");
  const { spawnSync } = await import("node:child_process");
  const w3m = spawnSync("w3m", ["-T", "text/html", "-dump", "-cols", "80"], { input: html, encoding: "utf8" });
  // .ci/run installs w3m: a machine without it fails here rather than passing unseen.
  expect(w3m.error, "w3m must be installed (Debian's w3m; .ci/run installs it)").toBeUndefined();
  expect(w3m.stdout).toContain("Full name");
  expect(w3m.stdout).not.toMatch(/blank|confirm/i);
  // The honeypot's own markup, as w3m draws it: nothing at all.
  const wrap = html.match(/<div[^>]*id="name__confirm_wrap"[^>]*>.*?<\/div>/s)?.[0];
  expect(wrap).toBeTruthy();
  const drawn = spawnSync("w3m", ["-T", "text/html", "-dump"], { input: `<form>${wrap}</form>`, encoding: "utf8" });
  expect(drawn.stdout.trim()).toBe("");
});
