import type { Page } from "@playwright/test";

import { dayFromToday } from "../fixtures/intake";
import { expect, hydrated, jsEnabled, test, waitForHydrationOnNavigation } from "./fixtures";
import { makeCourse, makeIntake } from "./intake-helpers";
import { field } from "./registration-helpers";
import {
  linkIn,
  loginThroughForm,
  mailsTo,
  outboxMails,
  pdfText,
  pngBytes,
  registerApplicant,
  toast,
} from "./staff-helpers";

// The admissions round in one journey, JavaScript on and off, through the pages a person uses
// (docs/decisions/068-intakes-and-seats.md, 074-one-status-model-and-when-a-seat-is-taken.md,
// 065-the-guardians-step-both-ways.md): a course with two intakes, one full. A 16-year-old applies
// to the open one from the course page with a guardian, who consents by the mailed link; a
// registration to the full one waits at position 1. Staff, signed in through the login form, open
// the new registration from the academy's mail and make the offer: its mail and letter (the PDF's
// text read) are in the outbox, with the guardian's copy and a read-only link of their own. The applicant accepts on the
// status page and sends a transfer receipt; staff confirm it and enrol her: the receipt PDF is on
// her page and in her mail, and the guardian's copy of "enrolled" comes with its own link again.
// Each step's finer cases have their own journeys (the intake form, offers declined, the guardian's
// refusal, paying online); this one proves the steps join up.

const status = (page: Page) => page.locator(".application-status-word");

test("a minor applies to an intake's open class, is offered a seat, accepts, pays and is enrolled, with the guardian copied", async ({
  page,
  request,
  browser,
  staff,
}, info) => {
  // Two browsers, a form with a file, a dozen pages: more than one page's 30 seconds on a busy machine.
  test.setTimeout(120_000);
  const js = jsEnabled(info);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const email = `temi.${tag}@example.com`;
  const guardianEmail = `funmi.${tag}@example.com`;

  // Staff sign in through the login form in a browser of their own.
  const staffContext = await browser.newContext({ javaScriptEnabled: js, baseURL: info.project.use.baseURL });
  const desk = await staffContext.newPage();
  if (js) waitForHydrationOnNavigation(desk);
  await desk.goto("/fla-admin");
  await loginThroughForm(desk, staff.email, staff.password);
  await desk.waitForURL(/\/admin/);

  // The course and its intakes, set up through the API (the intake form has its own journey):
  // Ikeja with its one seat taken, Lekki open.
  const title = `Bridal Makeup ${tag}`;
  const course = await makeCourse(desk.request, title);
  const full = await makeIntake(desk.request, course._id, { campus: "Ikeja", seats: 1 });
  const open = await makeIntake(desk.request, course._id, {
    startDate: dayFromToday(45),
    scheduleKind: "weekday",
    schedule: "Mon, Wed, Fri 9am–1pm",
    campus: "Lekki",
    fee: 450000,
  });
  const holder = { firstname: "Ada", lastname: "Obi", emergencyFullname: "Chidi Obi", courseId: course._id };
  const seated = await registerApplicant(request, { ...holder, email: `seated.${tag}@example.com`, intakeId: full });
  const admitted = await desk.request.patch(`/api/applicants/${seated.id}/status`, {
    data: { status: "enrolled", confirmOwed: true },
  });
  expect(admitted.status()).toBe(200);

  // The course page: Ikeja is full and offers its waiting list; the applicant applies to Lekki.
  await page.goto(`/course/${course._id}/${course.slug}`);
  const ikeja = page.locator(".intake").filter({ hasText: "Ikeja" });
  const lekki = page.locator(".intake").filter({ hasText: "Lekki" });
  await expect(ikeja).toContainText("Full — join the waiting list");
  await expect(ikeja).toContainText("Weekends · Saturdays 9am–3pm");
  await expect(ikeja).toContainText("₦650,000");
  await expect(lekki).toContainText("Weekdays · Mon, Wed, Fri 9am–1pm");
  await expect(lekki).toContainText("₦450,000");
  await expect(lekki).toContainText("Registration closes");
  await expect(lekki).not.toContainText("Full");
  await expect(ikeja.getByRole("link", { name: "Join the waiting list" })).toHaveAttribute(
    "href",
    new RegExp(`intake=${full}`),
  );
  await lekki.getByRole("link", { name: "Apply for this intake" }).click();
  await page.waitForURL(/\/registration-form\?/);
  if (js) await hydrated(page);
  await expect(field(page, "courseId")).toHaveValue(course._id);
  await expect(field(page, "intakeId")).toHaveValue(open);

  // A 16-year-old (today's date, sixteen years back) with her mother as guardian.
  const [y, m, d] = dayFromToday(0).split("-");
  await field(page, "firstname").fill("Temi");
  await field(page, "lastname").fill("Adeyemi");
  await page.getByRole("radio", { name: "Female", exact: true }).check();
  await field(page, "dob").fill(`${Number(y) - 16}-${m}-${d === "29" && m === "02" ? "28" : d}`);
  await field(page, "email").fill(email);
  await field(page, "phone").fill(`+23480${String(Date.now()).slice(-8)}`);
  await field(page, "street").fill("4 Awolowo Road");
  await field(page, "city").fill("Ikoyi");
  await field(page, "state").selectOption("lagos");
  await field(page, "courseType").selectOption("Full Course");
  await page.getByRole("checkbox", { name: "NIN", exact: true }).check();
  await field(page, "idCardFiles").setInputFiles([
    { name: "nin-card.png", mimeType: "image/png", buffer: await pngBytes("#552288") },
  ]);
  await page.getByRole("radio", { name: "Yes", exact: true }).check();
  await field(page, "highestEducation").selectOption("none");
  await field(page, "emergencyFullname").fill("Bola Adeyemi");
  await field(page, "emergencyRelationship").selectOption("Mother");
  await field(page, "emergencyPhone").fill("+2348059876543");
  await field(page, "guardianName").fill("Funmi Adeyemi");
  await field(page, "guardianRelationship").selectOption("Mother");
  await field(page, "guardianPhone").fill("+2348023334444");
  await field(page, "guardianEmail").fill(guardianEmail);
  await page.getByRole("checkbox", { name: /I am the applicant's parent or legal guardian/ }).check();
  await page.getByRole("checkbox", { name: /Terms and Conditions/ }).check();
  await page.getByRole("checkbox", { name: /Privacy Policy/ }).check();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  const reference = (await page.locator(".registration-reference").innerText()).trim();
  await page.getByRole("link", { name: "Open my status page" }).click();
  await expect(status(page)).toHaveAttribute("data-status", "new");
  await expect(page.getByText("Lekki campus")).toBeVisible();
  await expect(page.getByText(/On the waiting list/)).toHaveCount(0);

  // The guardian consents from the mailed link, which names the child and the course.
  await expect.poll(() => mailsTo(guardianEmail).length).toBe(1);
  await page.goto(linkIn(mailsTo(guardianEmail)[0]!.text, /https?:\/\/\S+\/guardian\/confirm\?token=\S+/));
  await expect(page.getByRole("main")).toContainText(`(reference ${reference}) by Temi, for the course`);
  await expect(page.getByRole("main")).toContainText(title);
  await page.getByRole("button", { name: "I confirm my consent" }).click();
  await expect(page.getByText(`Your consent to application ${reference} is recorded.`)).toBeVisible();

  // A registration to the full Ikeja intake joins its waiting list: position 1, on the page and in the mail.
  const lateEmail = `late.${tag}@example.com`;
  const late = await registerApplicant(request, { ...holder, firstname: "Bisi", email: lateEmail, intakeId: full });
  await page.goto(`/application/${late.statusToken}`);
  await expect(page.getByText("On the waiting list — position 1")).toBeVisible();
  await expect(page.getByText("Ikeja campus")).toBeVisible();
  await expect
    .poll(() => mailsTo(lateEmail).find((mail) => mail.subject.startsWith("You are on the waiting list"))?.text ?? "")
    .toContain("on its waiting list, at position 1");

  // Staff open the new registration from the academy's mail and make the offer (a week on, suggested).
  const notice = () => outboxMails().find((mail) => mail.subject === `New registration: Temi Adeyemi — ${title}`);
  await expect.poll(() => notice()?.text ?? "").toContain("/admin/applicants/");
  const applicantPage = linkIn(notice()!.text, /https?:\/\/\S+\/admin\/applicants\/\w+/);
  await desk.goto(applicantPage);
  await desk.getByRole("button", { name: "Make the offer" }).click();
  await expect(toast(desk, "Offer made: the applicant is e-mailed")).toBeVisible();

  // The offer mail carries the letter; the guardian's copy names the child and has a link of its own.
  const offerSubject = `A seat is offered to you — ${reference}`;
  await expect.poll(() => mailsTo(email).filter((mail) => mail.subject === offerSubject).length).toBe(1);
  const offer = mailsTo(email).find((mail) => mail.subject === offerSubject)!;
  expect(offer.replyTo?.[0]?.address).toMatch(/@/);
  const [letter] = offer.attachments ?? [];
  expect(letter?.filename).toBe(`Offer-${reference}.pdf`);
  const letterText = pdfText(letter!.content);
  for (const words of [
    "Offer of admission",
    reference,
    "Temi Adeyemi",
    title,
    "Lekki",
    "Mon, Wed, Fri 9am",
    "Accept by",
  ])
    expect(letterText).toContain(words);
  await expect
    .poll(
      () => mailsTo(guardianEmail).filter((mail) => mail.subject === `Copy for the guardian: ${offerSubject}`).length,
    )
    .toBe(1);
  const copy = mailsTo(guardianEmail).find((mail) => mail.subject === `Copy for the guardian: ${offerSubject}`)!;
  expect(copy.text).toContain(`Temi's application`);
  expect(copy.text).toContain(`course: ${title}`);
  expect(copy.attachments?.[0]?.filename).toBe(`Offer-${reference}.pdf`);
  const statusLink = /https?:\/\/\S+\/application\/[\w-]{43}/;
  const applicantLink = linkIn(offer.text, statusLink);
  const guardianLink = linkIn(copy.text, statusLink);
  expect(guardianLink).not.toBe(applicantLink);

  // The guardian's link shows the offer and its letter, and no form.
  await page.goto(guardianLink);
  await expect(status(page)).toHaveAttribute("data-status", "offered");
  await expect(page.getByText("read-only copy of the application")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download your offer letter (PDF)" })).toBeVisible();
  await expect(page.locator("main form")).toHaveCount(0);

  // The applicant opens her mail's link: the deadline, the letter to download, and she accepts.
  await page.goto(applicantLink);
  await expect(status(page)).toHaveAttribute("data-status", "offered");
  await expect(page.locator(".application-offer")).toContainText("Answer the offer by");
  const letterLink = page.getByRole("link", { name: "Download your offer letter (PDF)" });
  await expect(letterLink).toHaveAttribute("href", `${applicantLink}/offer-letter`);
  const download = await page.request.get(`${applicantLink}/offer-letter`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toContain("application/pdf");
  expect(download.headers()["cache-control"]).toContain("no-store");
  expect(pdfText(await download.body())).toContain(reference);
  // A link that opens nothing answers 404, not 500.
  expect((await page.request.get(`/application/${"x".repeat(43)}/offer-letter`)).status()).toBe(404);
  await page.getByRole("button", { name: "Accept the offer" }).click();
  await expect(toast(page, "You accepted your seat.")).toBeVisible();
  await expect(status(page)).toHaveAttribute("data-status", "accepted");

  // She pays the registration fee by transfer and sends the receipt.
  const transfer = `GTB/${tag}`;
  await page.getByLabel("Transfer reference").fill(transfer);
  await page
    .getByLabel("Receipt (photo or PDF)")
    .setInputFiles([{ name: "receipt.png", mimeType: "image/png", buffer: await pngBytes("#eeeeee") }]);
  await page.getByRole("button", { name: "Send receipt" }).click();
  await expect(page.getByText("Receipt received, waiting for confirmation.")).toBeVisible();

  // Staff confirm the payment, then enrol her.
  await desk.goto(applicantPage);
  await desk.getByRole("button", { name: "Confirm payment" }).click();
  await expect(desk.locator(".proof-state")).toHaveText("Payment confirmed");
  await desk.locator("#pipeline-status").selectOption("enrolled");
  await desk.getByRole("button", { name: "Save status" }).click();
  // The course fee is still owed: staff confirm, and her mail says what is owed (docs/decisions/093).
  await expect(desk.locator(".fees-owed-confirm")).toContainText("Still owed: ₦450,000.");
  await desk.getByRole("button", { name: "Yes, change the status to Enrolled" }).click();
  await expect(toast(desk, "Status changed to Enrolled")).toBeVisible();
  await staffContext.close();

  // The receipt, a PDF in her mail; the enrolment mail, and its copy with the guardian's own link.
  const paid = () => mailsTo(email).find((mail) => mail.subject === `Payment received — ${reference}`);
  await expect.poll(() => paid()?.attachments?.length ?? 0).toBe(1);
  const receiptText = pdfText(paid()!.attachments![0]!.content);
  for (const words of ["Receipt", reference, "Temi Adeyemi", "Bank transfer", transfer])
    expect(receiptText).toContain(words);
  const enrolledSubject = `You are enrolled — ${reference}`;
  await expect.poll(() => mailsTo(email).some((mail) => mail.subject === enrolledSubject)).toBe(true);
  expect(mailsTo(email).find((mail) => mail.subject === enrolledSubject)!.text).toContain("Still owed: ₦450,000.");
  await expect
    .poll(
      () =>
        mailsTo(guardianEmail).find((mail) => mail.subject === `Copy for the guardian: ${enrolledSubject}`)?.text ?? "",
    )
    .toContain(`Congratulations: you are enrolled in ${title}`);
  const enrolledCopy = mailsTo(guardianEmail).find(
    (mail) => mail.subject === `Copy for the guardian: ${enrolledSubject}`,
  )!;

  // Her page: enrolled, the payment listed with its receipt, which opens as a PDF.
  await page.goto(applicantLink);
  await expect(status(page)).toHaveAttribute("data-status", "enrolled");
  const payment = page.locator(".payment-history li");
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText("Bank transfer — Paid");
  const receipt = await page.request.get(
    (await payment.getByRole("link", { name: "Receipt (PDF)" }).getAttribute("href"))!,
  );
  expect(receipt.status()).toBe(200);
  expect(pdfText(await receipt.body())).toContain(reference);

  // The guardian follows from the newest copy's link: enrolled, still no form.
  await page.goto(linkIn(enrolledCopy.text, statusLink));
  await expect(status(page)).toHaveAttribute("data-status", "enrolled");
  await expect(page.locator("main form")).toHaveCount(0);
});
