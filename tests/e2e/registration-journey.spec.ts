import type { APIRequestContext } from "@playwright/test";

import { expect, hydrated, jsEnabled, rootHydrated, test } from "./fixtures";
import { field, fillFirstHalf, fillSecondHalf } from "./registration-helpers";
import { mailsTo, pngBytes, uploadTokenHeader } from "./staff-helpers";

// After the form, on a phone, JavaScript on and off (docs/decisions/035 and 036): save and
// finish later from the mailed link; one applicant for a form sent twice; the private status
// page following staff's changes, proof of payment confirmed by staff, and withdrawal.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("fill half the form, save, open the mailed link in a new browser, finish and submit; the link is then used up", async ({
  page,
  browser,
}, testInfo) => {
  const tag = `${testInfo.project.name}-save-${Date.now().toString(36)}`;
  const email = `ngozi.${tag}@example.com`;
  await page.goto("/registration-form");
  await fillFirstHalf(page, tag);
  await field(page, "idCardFiles").setInputFiles([
    { name: "nin-card.png", mimeType: "image/png", buffer: await pngBytes("#225588") },
  ]);
  await page.getByRole("button", { name: "Save and continue later" }).click();
  await expect(page.getByRole("heading", { name: "Your form is saved" })).toBeVisible();
  const shown = (await page.locator(".saved-link a").innerText()).trim();
  expect(shown).toMatch(/\/registration-form\?resume=[\w-]{43}$/);

  await expect.poll(() => mailsTo(email).length).toBe(1);
  const link = mailsTo(email)[0]!.text.match(/https?:\/\/\S+\/registration-form\?resume=[\w-]{43}/)![0];
  expect(new URL(link).search).toBe(new URL(shown).search);

  // Another phone (a new context: no cookies, no local copy) opens the mailed link.
  const other = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    baseURL: testInfo.project.use.baseURL,
  });
  const phone = await other.newPage();
  const resumed = new URL(link);
  await phone.goto(`${resumed.pathname}${resumed.search}`);
  // A page of its own context: it acts once hydrated, as the fixture's page does.
  if (jsEnabled(testInfo)) await hydrated(phone);
  await expect(phone.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expect(field(phone, "lastname")).toHaveValue(`Okoro-${tag}`);
  await expect(field(phone, "state")).toHaveValue("lagos");
  await expect(phone.getByRole("checkbox", { name: /nin-card\.png/ })).toBeChecked();
  await fillSecondHalf(phone);
  await phone.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(phone.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  await expect(phone.getByRole("link", { name: "Open my status page" })).toBeVisible();

  // Used up by the submit.
  await phone.goto(`${resumed.pathname}${resumed.search}`);
  await expect(phone.getByText("This saved form has expired or was already sent.")).toBeVisible();
  await other.close();
});

test("a form sent twice at once (a double tap, a resent post) makes one applicant, and both see the same reference", async ({
  page,
  staffPage,
}, testInfo) => {
  const tag = `${testInfo.project.name}-twice-${Date.now().toString(36)}`;
  const email = `ngozi.${tag}@example.com`;
  await page.goto("/registration-form");
  await fillFirstHalf(page, tag);
  await fillSecondHalf(page);
  await field(page, "idCardFiles").setInputFiles([
    { name: "nin-card.png", mimeType: "image/png", buffer: await pngBytes("#552288") },
  ]);
  // The browser's one post is sent twice at the same moment; the page gets the first answer.
  let answers: number[] = [];
  await page.route("**/registration-form*", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const [first, second] = await Promise.all([route.fetch({ maxRedirects: 0 }), route.fetch({ maxRedirects: 0 })]);
    answers = [first.status(), second.status()];
    await route.fulfill({ response: first });
  });
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  expect(answers).toHaveLength(2);
  const reference = (await page.locator(".registration-reference").innerText()).trim();
  const found = (await (await staffPage.request.get(`/api/applicants?search=${encodeURIComponent(email)}`)).json()) as {
    _id: string;
  }[];
  expect(found).toHaveLength(1);
  expect(reference).toBe(`FLA-${found[0]!._id.slice(0, 8).toUpperCase()}`);
});

/** A registration as the form sends it, answering the applicant's id and private status link. */
async function registered(request: APIRequestContext, email: string) {
  // The registration names the token its files came with: it may claim only those (docs/security.md).
  const pageToken = await uploadTokenHeader(request);
  const upload = await request.post("/api/applicant/files", {
    headers: pageToken,
    multipart: { group: "idCards", file: { name: "nin.png", mimeType: "image/png", buffer: await pngBytes() } },
  });
  const [file] = (await upload.json()) as { public_id: string }[];
  // A published course that offers the full course (the demo's newest offers only crash courses).
  const courses = (
    (await (await request.get("/api/courses?limit=50")).json()) as { title: string; courseTypes: string[] }[]
  ).filter((c) => c.courseTypes.includes("Full Course"));
  const res = await request.post("/api/applicant", {
    headers: pageToken,
    form: {
      firstname: "Zainab",
      lastname: "Bello",
      gender: "Female",
      dob: "2000-01-09",
      email,
      phone: "+2348012345678",
      street: "3 Awolowo Road",
      city: "Ikoyi",
      state: "lagos",
      courseTitle: courses[0]!.title,
      // A type the course offers: the newest course may offer crash courses only.
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
  return (await res.json()) as { _id: string; reference: string; statusToken: string };
}

test("the status page follows staff's changes; a receipt sent, staff confirm it, the receipt mail goes and the page says paid, and withdrawing it is admissions' to do", async ({
  page,
  staffPage,
}, testInfo) => {
  const email = `zainab.${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  const { _id, reference, statusToken } = await registered(page.request, email);
  await page.goto(`/application/${statusToken}`);
  await expect(page.locator(".registration-reference")).toHaveText(reference);
  await expect(page.locator(".application-status-word")).toHaveText("Received");
  const chat = page.getByRole("link", { name: "Chat with us on WhatsApp" });
  expect(await chat.getAttribute("href")).toContain(`https://wa.me/`);
  expect(decodeURIComponent((await chat.getAttribute("href"))!)).toContain(reference);

  expect(
    (await staffPage.request.patch(`/api/applicants/${_id}/status`, { data: { status: "contacted" } })).status(),
  ).toBe(200);
  await page.reload();
  await expect(page.locator(".application-status-word")).toHaveText("Contacted");

  await page.getByLabel("Transfer reference").fill("ZEN/2026/118822");
  await page
    .getByLabel("Receipt (photo or PDF)")
    .setInputFiles([{ name: "receipt.png", mimeType: "image/png", buffer: await pngBytes("#eeeeee") }]);
  await page.getByRole("button", { name: "Send receipt" }).click();
  // While staff have not decided, the page says so and offers no second payment step.
  await expect(page.getByText("Receipt received, waiting for confirmation.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send receipt" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Pay the registration fee" })).toHaveCount(0);

  // Staff: the pipeline's "proof waiting" filter lists it; the applicant's page confirms it.
  await staffPage.goto("/admin/applicants?proof=waiting");
  await expect(staffPage.getByRole("link", { name: "View: Zainab Bello" }).first()).toBeVisible();
  await staffPage.goto(`/admin/applicants/${_id}`);
  await expect(staffPage.getByText("Payment proof received")).toBeVisible();
  await staffPage.getByRole("button", { name: "Confirm payment" }).click();
  await expect(staffPage.locator(".proof-state")).toHaveText("Payment confirmed");
  await expect.poll(() => mailsTo(email).filter((m) => m.subject === `Payment received — ${reference}`).length).toBe(1);

  await page.goto(`/application/${statusToken}`);
  await expect(page.locator(".application-status-word")).toHaveText("Paid");
  await expect(page.getByRole("button", { name: "Send receipt" })).toHaveCount(0);

  // Paid: the link no longer withdraws (docs/decisions/091); the page says whom to ask instead.
  await expect(page.getByRole("link", { name: "Withdraw my application" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Withdrawing a paid application" })).toBeVisible();
  await expect(page.getByText("Your fee is paid, so this page cannot withdraw the application.")).toBeVisible();
  // Even the right date of birth posted by hand (a page left open from before) is refused with the reason.
  const late = await page.request.post(`/application/${statusToken}`, {
    form: { intent: "withdraw", dob: "2000-01-09" },
    headers: { accept: "text/html" },
  });
  expect(late.status()).toBe(409);
  expect(await late.text()).toContain(
    "This application is paid or enrolled, so it cannot be withdrawn from this page.",
  );
  const staffView = (await (await staffPage.request.get(`/api/applicants/${_id}`)).json()) as { status: string };
  expect(staffView.status).toBe("paid");
});

test("withdrawing asks for the date of birth, which the page never shows: the reference and a wrong date are refused, the date not echoed", async ({
  page,
  staffPage,
}, testInfo) => {
  const email = `zainab.${testInfo.project.name}-withdraw-${Date.now().toString(36)}@example.com`;
  const { _id, reference, statusToken } = await registered(page.request, email);
  await page.goto(`/application/${statusToken}`);
  await expect(page.locator(".registration-reference")).toHaveText(reference);
  await expect(page.getByText("2000-01-09")).toHaveCount(0);
  await page.getByRole("link", { name: "Withdraw my application" }).click();
  await expect(page.getByRole("heading", { name: "Withdraw this application?" })).toBeVisible();
  const dob = page.getByLabel("Your date of birth");
  await expect(dob).toHaveAttribute("type", "date");
  // The browser's own check stops an empty date, JavaScript on or off; the server answers one all the same.
  const empty = await page.request.post(`/application/${statusToken}`, {
    form: { intent: "withdraw", dob: "" },
    headers: { accept: "text/html" },
  });
  expect(empty.status()).toBe(400);
  expect(await empty.text()).toContain("Enter your date of birth.");
  await dob.fill("1990-01-01");
  await page.getByRole("button", { name: "Yes, withdraw it" }).click();
  await expect(page.locator("#withdraw-error")).toHaveText(
    "This date of birth does not match the application. Enter it as on your registration form, for example 12/04/2001.",
  );
  // The secret answer is not filled in again; the question stays asked.
  await expect(dob).toHaveValue("");
  await expect(page.getByRole("heading", { name: "Withdraw this application?" })).toBeVisible();
  // The reference printed at the top proves nothing (a browser without a date field sends what was typed).
  const byReference = await page.request.post(`/application/${statusToken}`, {
    form: { intent: "withdraw", dob: reference },
    headers: { accept: "text/html" },
  });
  expect(byReference.status()).toBe(400);
  const wrongHtml = await (
    await page.request.post(`/application/${statusToken}`, {
      form: { intent: "withdraw", dob: "1990-01-01" },
      headers: { accept: "text/html" },
    })
  ).text();
  expect(wrongHtml).not.toContain("1990-01-01");
  expect((await (await staffPage.request.get(`/api/applicants/${_id}`)).json()).status).toBe("new");
  if (!jsEnabled(testInfo)) {
    // A phone without a date field: the date typed by hand, day first, is taken.
    const typed = await page.request.post(`/application/${statusToken}`, {
      form: { intent: "withdraw", dob: "09/01/2000" },
      maxRedirects: 0,
    });
    expect(typed.status()).toBe(302);
    await page.goto(`/application/${statusToken}`);
  } else {
    await dob.fill("2000-01-09");
    await page.getByRole("button", { name: "Yes, withdraw it" }).click();
  }
  await expect(page.locator(".application-status-word")).toHaveText("Withdrawn");
  const staffView = (await (await staffPage.request.get(`/api/applicants/${_id}`)).json()) as { status: string };
  expect(staffView.status).toBe("withdrawn");
});

test("the status page's next steps come on the first touch: until then they are the server's HTML, and what was typed stays", async ({
  context,
  page: fixturePage,
}, testInfo) => {
  const email = `zainab.${testInfo.project.name}-touch-${Date.now().toString(36)}@example.com`;
  const { reference, statusToken } = await registered(fixturePage.request, email);
  // A page of the context's own: the fixture's pages touch every form as they open.
  const page = await context.newPage();
  const stepsCode: string[] = [];
  page.on("request", (r) => /\/build\/_shared\/status-steps-[^/]+\.js$/.test(r.url()) && stepsCode.push(r.url()));
  await page.goto(`/application/${statusToken}`);
  await rootHydrated(page);
  await page.waitForLoadState("networkidle");
  // Where the application stands is the page's own; its next steps are neither fetched nor hydrated.
  await expect(page.locator(".registration-reference")).toHaveText(reference);
  expect(stepsCode).toEqual([]);
  const stepsHydrated = () =>
    page.evaluate(() => Object.keys(document.querySelector(".proof-form")!).some((k) => k.startsWith("__reactFiber$")));
  expect(await stepsHydrated()).toBe(false);
  const transfer = page.getByLabel("Transfer reference");
  await expect(transfer).toBeEditable();
  if (!jsEnabled(testInfo)) return;
  // Typed while the steps are still the server's HTML: the touch brings their code, React claims them.
  await transfer.pressSequentially("ZEN/2026/4411");
  await expect.poll(() => stepsCode.length).toBe(1);
  await expect.poll(stepsHydrated).toBe(true);
  await expect(transfer).toHaveValue("ZEN/2026/4411");
});

test("send me my link again: the same answer for a known and an unknown address, and a link only to the known", async ({
  page,
}, testInfo) => {
  const email = `zainab.link-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  const { reference } = await registered(page.request, email);
  for (const address of [email, `nobody-${Date.now()}@example.com`]) {
    await page.goto("/application");
    await page.getByLabel("E-mail address").fill(address);
    await page.getByRole("button", { name: "Send me my link" }).click();
    await expect(page.getByText("If an application was made with this e-mail address")).toBeVisible();
  }
  await expect.poll(() => mailsTo(email).filter((m) => /your private link/.test(m.subject)).length).toBe(1);
  const mail = mailsTo(email).find((m) => /your private link/.test(m.subject))!;
  const link = new URL(mail.text.match(/https?:\/\/\S+\/application\/[\w-]{43}/)![0]);
  await page.goto(link.pathname);
  await expect(page.locator(".registration-reference")).toHaveText(reference);
  await page.goto(`/application/${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "This link does not open an application" })).toBeVisible();
});
