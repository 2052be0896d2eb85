import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";

import { dayFromToday } from "../fixtures/intake";
import { expect, jsEnabled, test } from "./fixtures";
import { htmlErrors, serverHtml } from "./html-checker";
import { makeCourse, makeIntake } from "./intake-helpers";
import { registerApplicant, toast } from "./staff-helpers";

// docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md: staff make an offer through the
// applicant page's form (a full intake says so); the applicant accepts on the status page; another
// declines after the page asks once more; the guardian's read-only link shows the same status and
// no form. JavaScript on and off.

const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** A course with a one-seat intake, two applicants for it and one who named no intake. */
async function oneSeat(staffPage: Page, page: Page, tag: string) {
  const { _id: courseId } = await makeCourse(staffPage.request, `Lash styling ${tag}`);
  const intakeId = await makeIntake(staffPage.request, courseId, { campus: `Ikeja ${tag}`, seats: 1 });
  const who = (name: string, withIntake: boolean) => ({
    firstname: name,
    lastname: "Okafor",
    email: `${name.toLowerCase()}.${tag}@example.com`,
    emergencyFullname: "Chidi Okafor",
    courseId,
    ...(withIntake ? { intakeId } : {}),
  });
  return {
    ada: await registerApplicant(page.request, who("Ada", true)),
    bisi: await registerApplicant(page.request, who("Bisi", true)),
    chioma: await registerApplicant(page.request, who("Chioma", false)),
  };
}

/** A guardian's read-only link to the application (decision 074), as the decision mails' copies carry. */
async function readerLink(applicantId: string) {
  const { getDb } = await import("../../api/db/index");
  const { hashSecret, newSecret, nowIso } = await import("../../api/lib/ids");
  const token = newSecret();
  await (
    await getDb()
  )
    .insertInto("application_links")
    .values({ token_hash: hashSecret(token), applicant_id: applicantId, created_at: nowIso(), reader: 1 })
    .execute();
  return token;
}

test("staff offer through the form, the applicant accepts, another declines after being asked again, the guardian reads only", async ({
  page,
  staffPage,
}, info) => {
  test.setTimeout(120_000);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const { ada, bisi, chioma } = await oneSeat(staffPage, page, tag);

  // Staff: the form suggests a week on; they choose ten days.
  await staffPage.goto(`/admin/applicants/${ada.id}`);
  const acceptBy = staffPage.getByLabel("Accept by (Lagos day)");
  await expect(acceptBy).toHaveValue(dayFromToday(7));
  await expect(acceptBy).toHaveAttribute("min", dayFromToday(0));
  await expect(acceptBy).toHaveAttribute("max", dayFromToday(60));
  await acceptBy.fill(dayFromToday(10));
  await staffPage.getByRole("button", { name: "Make the offer" }).click();
  await expect(toast(staffPage, "Offer made: the applicant is e-mailed")).toBeVisible();
  await expect(staffPage.locator(".applicant-offer")).toContainText(
    `An offer is open until the end of ${longDay(dayFromToday(10))}`,
  );
  await expect(staffPage.getByRole("button", { name: "Make the offer" })).toHaveCount(0);

  // The one seat is Ada's: Bisi's offer is refused with the reason, nothing changes.
  await staffPage.goto(`/admin/applicants/${bisi.id}`);
  await staffPage.getByRole("button", { name: "Make the offer" }).click();
  await expect(staffPage.locator("#offer-errors")).toContainText("No seat is left in this applicant's intake");
  await staffPage.locator(".applicant-offer").screenshot({ path: `/tmp/offers-staff-full-${info.project.name}.png` });
  await expect(staffPage.getByLabel("Accept by (Lagos day)")).toHaveValue(dayFromToday(7));
  await expect(staffPage.locator("#pipeline-status")).toHaveValue("new");
  // A day out of bounds (the browser's own check stepped around) comes back under the field, as typed.
  const refused = await staffPage.request.post(`/admin/applicants/${bisi.id}`, {
    form: { intent: "offer", acceptBy: dayFromToday(61) },
    headers: { accept: "text/html" },
  });
  expect(refused.status()).toBe(400);
  const refusedHtml = await refused.text();
  expect(refusedHtml).toContain(`value="${dayFromToday(61)}"`);
  expect(refusedHtml).toMatch(
    /id="offer-accept-by-errors"[^]*Choose the acceptance deadline: a date from today to 60 days ahead\./,
  );

  // The guardian's link: the same status and letter, no form; a post from it changes nothing.
  const reader = await readerLink(ada.id);
  await page.goto(`/application/${reader}`);
  await expect(page.locator(".application-status-word")).toHaveAttribute("data-status", "offered");
  await expect(page.locator(".application-offer")).toContainText(`Answer the offer by ${longDay(dayFromToday(10))}`);
  await expect(page.getByRole("link", { name: "Download your offer letter (PDF)" })).toBeVisible();
  await expect(page.getByText("read-only copy of the application")).toBeVisible();
  await expect(page.locator("main form")).toHaveCount(0);
  const readerPost = await page.request.post(`/application/${reader}`, { form: { intent: "offer-accept" } });
  expect(readerPost.status()).toBe(403);

  // Ada accepts on her own page.
  await page.goto(`/application/${ada.statusToken}`);
  await expect(page.locator(".application-status-word")).toHaveAttribute("data-status", "offered");
  await page.screenshot({ path: `/tmp/offers-status-open-${info.project.name}.png`, fullPage: true });
  await page.getByRole("button", { name: "Accept the offer" }).click();
  await expect(toast(page, "You accepted your seat.")).toBeVisible();
  await expect(page.locator(".application-status-word")).toHaveAttribute("data-status", "accepted");
  await expect(page.getByRole("button", { name: "Accept the offer" })).toHaveCount(0);
  await page.goto(`/application/${reader}`);
  await expect(page.locator(".application-status-word")).toHaveAttribute("data-status", "accepted");

  // Chioma (no intake) is offered through the form too, and declines after being asked again.
  await staffPage.goto(`/admin/applicants/${chioma.id}`);
  await staffPage.getByRole("button", { name: "Make the offer" }).click();
  await expect(toast(staffPage, "Offer made")).toBeVisible();
  await page.goto(`/application/${chioma.statusToken}`);
  await page.getByRole("link", { name: "Decline the offer" }).click();
  await expect(page.getByRole("heading", { name: "Decline this offer?" })).toBeVisible();
  await page.locator(".application-offer").screenshot({ path: `/tmp/offers-decline-${info.project.name}.png` });
  await page.getByRole("link", { name: "Keep my offer" }).click();
  await expect(page.getByRole("heading", { name: "Your offer of a seat" })).toBeVisible();
  await expect(page.locator(".application-status-word")).toHaveAttribute("data-status", "offered");
  await page.getByRole("link", { name: "Decline the offer" }).click();
  // Declining asks who it is, as withdrawing does (docs/decisions/088 and 091): the date of birth,
  // which the page never shows. A wrong one is refused by the field, not filled in again (it is the
  // secret answer), and nothing changes.
  const proof = page.getByLabel("Your date of birth");
  await expect(proof).toHaveAttribute("type", "date");
  await proof.fill("2001-01-01");
  await page.getByRole("button", { name: "Yes, decline" }).click();
  await expect(page.locator("#decline-check-error")).toHaveText(
    "This date of birth does not match the application. Enter it as on your registration form, for example 12/04/2001.",
  );
  await expect(proof).toHaveValue("");
  await expect(proof).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".application-status-word")).toHaveAttribute("data-status", "offered");
  await page.locator(".application-offer").screenshot({ path: `/tmp/offers-decline-refused-${info.project.name}.png` });
  await proof.fill("1999-04-02");
  await page.getByRole("button", { name: "Yes, decline" }).click();
  await expect(toast(page, "You declined the offer")).toBeVisible();
  await expect(page.locator(".application-status-word")).toHaveAttribute("data-status", "withdrawn");
  await expect(page.getByRole("button", { name: "Accept the offer" })).toHaveCount(0);
});

test("an offer past its deadline reads as lapsed to staff and applicant before the sweep, and cannot be accepted", async ({
  page,
  staffPage,
}, info) => {
  test.setTimeout(90_000);
  const tag = `${info.project.name}-lapse-${Date.now().toString(36)}`;
  const { ada } = await oneSeat(staffPage, page, tag);
  const offered = await staffPage.request.post(`/api/applicants/${ada.id}/offer`, {
    data: { acceptBy: dayFromToday(7) },
  });
  expect(offered.status(), await offered.text()).toBe(200);
  // The deadline passes (yesterday, Lagos); the ten-minute sweep has not come by.
  const { getDb } = await import("../../api/db/index");
  const past = new Date(`${dayFromToday(-1)}T23:59:59.999+01:00`).toISOString();
  await (await getDb()).updateTable("applicants").set({ offer_expires_at: past }).where("id", "=", ada.id).execute();
  await page.goto(`/application/${ada.statusToken}`);
  await expect(page.locator(".application-status-word")).toHaveText("Offer lapsed");
  await expect(page.locator(".offer-lapsed")).toContainText(
    `The deadline to answer it was ${longDay(dayFromToday(-1))}`,
  );
  await expect(page.locator("main")).toContainText("it can no longer be accepted");
  await expect(page.getByRole("button", { name: "Accept the offer" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Decline the offer" })).toHaveCount(0);
  // A page opened before the deadline posts anyway: the server refuses it, nothing changes.
  const late = await page.request.post(`/application/${ada.statusToken}`, { form: { intent: "offer-accept" } });
  expect(late.status()).toBe(409);
  expect(await late.text()).toContain("its deadline has passed");
  await staffPage.goto(`/admin/applicants/${ada.id}`);
  await expect(staffPage.getByRole("heading", { name: "Offer lapsed", level: 2 })).toBeVisible();
  await expect(staffPage.locator(".applicant-offer [data-offer]")).toHaveAttribute("data-offer", "lapsed");
  await expect(staffPage.locator(".applicant-offer")).toContainText(
    `lapsed at the end of ${longDay(dayFromToday(-1))}`,
  );
  // The pipeline's list says so too.
  await staffPage.goto(`/admin/applicants?q=${encodeURIComponent(`ada.${tag}@example.com`)}`);
  await expect(staffPage.locator('[data-offer="lapsed"]')).toHaveText("Offer lapsed");
});

/** Axe inside the page; without JavaScript, the page as it renders with its scripts blocked. */
async function violations(page: Page, browser: Browser, info: TestInfo, url: string) {
  if (jsEnabled(info)) {
    await page.goto(url);
    return (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${url} ${v.id}`);
  }
  const context = await browser.newContext({
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
  });
  try {
    const bare = await context.newPage();
    await bare.route("**/build/**/*.js", (route) => route.abort());
    await bare.goto(url);
    return (await new AxeBuilder({ page: bare }).analyze()).violations.map((v) => `${url} ${v.id}`);
  } finally {
    await context.close();
  }
}

test("the offer's forms and the guardian's page pass the HTML checker and have no accessibility violations", async ({
  page,
  staffPage,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const tag = `${info.project.name}-check-${Date.now().toString(36)}`;
  const { ada, bisi } = await oneSeat(staffPage, page, tag);
  const offered = await staffPage.request.post(`/api/applicants/${ada.id}/offer`, {
    data: { acceptBy: dayFromToday(7) },
  });
  expect(offered.status(), await offered.text()).toBe(200);
  const reader = await readerLink(ada.id);
  const pages = {
    staffForm: `/admin/applicants/${bisi.id}`,
    staffOpen: `/admin/applicants/${ada.id}`,
    statusOpen: `/application/${ada.statusToken}`,
    statusDecline: `/application/${ada.statusToken}?decline=1`,
    guardian: `/application/${reader}`,
  };
  if (jsEnabled(info)) {
    const html: Record<string, string> = {};
    for (const [name, url] of Object.entries(pages))
      html[name] = await serverHtml(name.startsWith("staff") ? staffPage.request : page.request, url);
    const errors = await htmlErrors(html);
    expect(errors, errors.join("\n")).toEqual([]);
  }
  const found: string[] = [];
  for (const [name, url] of Object.entries(pages))
    found.push(...(await violations(name.startsWith("staff") ? staffPage : page, browser, info, url)));
  expect(found).toEqual([]);
});
