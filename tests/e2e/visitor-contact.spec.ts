import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsOn, ready } from "./visitor-helpers";

const MESSAGES = [
  "Kindly input your fullname",
  "Kindly input your email",
  "Kindly input your phone number",
  "Help us understand the matter of your mail",
  "Kindly input your message",
];

/** Opens the contact form: the modal with JavaScript, the /contact page without. */
async function openContact(page: Page, info: TestInfo) {
  await page.goto("/about");
  await ready(page, info);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
  if (jsOn(info)) {
    const dialog = page.getByRole("dialog", { name: "Contact Us" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
    await expect(dialog.getByLabel("Full name")).toBeVisible();
    return dialog;
  }
  await expect(page).toHaveURL(/\/contact$/);
  return page.locator("main");
}

async function fill(form: ReturnType<Page["locator"]>, values: { fullname: string; email: string; phone: string; issue: string; message: string }) {
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
  await expect(form.getByLabel("Issue").locator("option")).toHaveText(["Select an issue", "Course-related", "Payment-related", "Others"]);
  await expect(form.locator(".required-mark")).toHaveCount(5);
  // Native `required` would stop an empty post; turn it off to see the form's own messages.
  await form.locator("form").evaluate((f) => f.setAttribute("novalidate", ""));
  await form.getByRole("button", { name: "Send" }).click();
  for (const message of MESSAGES) await expect(form.getByText(message)).toBeVisible();

  await fill(form, { fullname: "Ada Obi", email: "ada@example.com", phone: "+2348012345678", issue: "1", message: "When does the next hairdressing session start?" });
  await form.getByRole("button", { name: "Send" }).click();
  await expect(page.locator(".toast")).toContainText("Your message has been sent.");
  if (jsOn(testInfo)) {
    await expect(page.getByRole("dialog", { name: "Contact Us" })).toBeHidden();
    // Reopened, the form is empty again.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("dialog").getByLabel("Full name")).toHaveValue("");
  } else {
    await expect(page).toHaveURL(/\/contact$/);
    await expect(form.getByLabel("Full name")).toHaveValue("");
  }
  const { getDb } = await import("../../api/db/index");
  const stored = await (await getDb()).selectFrom("contact_messages").selectAll().where("email", "=", "ada@example.com").execute();
  expect(stored.length).toBeGreaterThan(0);
  expect(stored[0]).toMatchObject({ fullname: "Ada Obi", issue: 1 });
});

test("a message the server refuses shows its text in a persistent toast and keeps what was typed", async ({ page }, testInfo) => {
  const form = await openContact(page, testInfo);
  const typed = { fullname: "Bola Ade", email: "bola@example.com", phone: "call me maybe", issue: "2", message: "I paid yesterday; please confirm." };
  await fill(form, typed);
  await form.getByRole("button", { name: "Send" }).click();
  const toast = page.locator(".toast[data-persistent]");
  await expect(toast).toContainText("Kindly input a valid phone number");
  await expect(form.getByLabel("Full name")).toHaveValue(typed.fullname);
  await expect(form.getByLabel("Message")).toHaveValue(typed.message);
  await expect(form.getByLabel("Issue")).toHaveValue("2");
  if (jsOn(testInfo)) {
    const dialog = page.getByRole("dialog", { name: "Contact Us" });
    await expect(dialog).toBeVisible();
    // The server's text also shows inside the modal, next to the form.
    await expect(dialog.locator(".field-errors").first()).toContainText("Kindly input a valid phone number");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  }
  // Persistent: still there after the timed toast's 5 seconds, until closed.
  await page.waitForTimeout(5500);
  await expect(toast).toBeVisible();
  await toast.locator(".toast-close").click();
  await expect(toast).toBeHidden();
});

test("the contact modal shows the sending state", async ({ page }, testInfo) => {
  const form = await openContact(page, testInfo);
  await fill(form, { fullname: "Chi Eze", email: "chi@example.com", phone: "+2348098765432", issue: "3", message: "Do you run weekend classes?" });
  if (jsOn(testInfo)) {
    // Hold the answer back to see the sending state.
    await page.route("**/contact?**", async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await form.getByRole("button", { name: "Send" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(form.getByLabel("Full name")).toBeDisabled();
    await expect(page.getByRole("dialog", { name: "Contact Us" })).toBeHidden();
  } else {
    await form.getByRole("button", { name: "Send" }).click();
    await expect(page.locator(".toast")).toContainText("Your message has been sent.");
  }
});

test("the footer's Contact Us opens the same form", async ({ page }, testInfo) => {
  await page.goto("/privacy");
  await ready(page, testInfo);
  await page.locator("footer").getByRole("link", { name: "Contact Us" }).click();
  if (jsOn(testInfo)) await expect(page.getByRole("dialog", { name: "Contact Us" })).toBeVisible();
  else await expect(page).toHaveURL(/\/contact$/);
});

test("a timed toast hides after 5 seconds with JavaScript", async ({ page }, testInfo) => {
  const form = await openContact(page, testInfo);
  await fill(form, { fullname: "Dayo K", email: "dayo@example.com", phone: "+2348011111111", issue: "1", message: "Hello" });
  await form.getByRole("button", { name: "Send" }).click();
  const toast = page.locator(".toast", { hasText: "Your message has been sent." });
  await expect(toast).toBeVisible();
  if (jsOn(testInfo)) {
    await expect(toast).toBeHidden({ timeout: 7000 });
  } else {
    // Without JavaScript the flash toast shows on the page after the redirect, and is gone on the next.
    await page.goto("/about");
    await expect(page.locator(".toast", { hasText: "Your message has been sent." })).toHaveCount(0);
  }
});
