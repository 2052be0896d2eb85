import fs from "node:fs";
import path from "node:path";

import type { BrowserContext, Page } from "@playwright/test";

import { dataDir, expect, hydrated, jsEnabled, rootHydrated, test } from "./fixtures";
import { signInThroughApi } from "./staff-helpers";

// The student registration form, every journey with JavaScript on and off. With JS on the
// browser's own checks answer first; with JS off the server does, so the same words must
// come back from both.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX = 3_145_728;

function png(name: string, size = 4096) {
  const buffer = Buffer.alloc(size, 0);
  PNG_SIGNATURE.copy(buffer);
  return { name, mimeType: "image/png", buffer };
}
function pdf(name: string, size = 4096) {
  const buffer = Buffer.alloc(size, 0x20);
  buffer.write("%PDF-1.4\n");
  return { name, mimeType: "application/pdf", buffer };
}

type Applicant = ReturnType<typeof applicantFor>;
function applicantFor(label: string) {
  const tag = `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstname: "Adaeze",
    lastname: `Okafor-${tag}`,
    gender: "Female",
    dob: "2001-04-17",
    email: `adaeze.${tag}@example.com`,
    phone: "+2348031234567",
    street: "12 Adeola Odeku Street",
    city: "Victoria Island",
    state: "lagos",
    postalCode: "101241",
    courseType: "Full Course",
    idCard: "NIN",
    parentConsent: "Yes",
    schoolName: "Queen's College, Yaba",
    graduationYear: "2019",
    highestEducation: "secondary school certificate",
    emergencyFullname: "Chinedu Okafor",
    emergencyRelationship: "Father",
    emergencyPhone: "+2348059876543",
  };
}

const field = (page: Page, name: string) => page.locator(`#registration-${name}`);

async function openForm(page: Page, query = "") {
  const response = await page.goto(`/registration-form${query}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Student Registration Form" })).toBeVisible();
}

/** Types every field except those named in `skip`; files are the caller's business. */
async function fillForm(page: Page, a: Applicant, skip: string[] = []) {
  const fill = async (name: keyof Applicant, value = a[name]) => {
    if (!skip.includes(name)) await field(page, name).fill(value);
  };
  const choose = async (name: keyof Applicant, value = a[name]) => {
    if (!skip.includes(name)) await field(page, name).selectOption(value);
  };
  await fill("firstname");
  await fill("lastname");
  if (!skip.includes("gender")) await page.getByRole("radio", { name: a.gender, exact: true }).check();
  await fill("dob");
  await fill("email");
  await fill("phone");
  await fill("street");
  await fill("city");
  await choose("state");
  await fill("postalCode");
  if (!skip.includes("courseId"))
    await field(page, "courseId").selectOption({ label: "Professional Hairdressing and Styling" }); // a demo course no other journey renames
  await choose("courseType");
  if (!skip.includes("idCards")) await page.getByRole("checkbox", { name: a.idCard, exact: true }).check();
  if (!skip.includes("parentConsent")) await page.getByRole("radio", { name: a.parentConsent, exact: true }).check();
  await fill("schoolName");
  await fill("graduationYear");
  await choose("highestEducation");
  await fill("emergencyFullname");
  await choose("emergencyRelationship");
  await fill("emergencyPhone");
  if (!skip.includes("regTerms")) await page.getByRole("checkbox", { name: /Terms and Conditions/ }).check();
  if (!skip.includes("regPrivacy")) await page.getByRole("checkbox", { name: /Privacy Policy/ }).check();
}

async function expectEveryValueKept(page: Page, a: Applicant) {
  for (const name of [
    "firstname",
    "lastname",
    "dob",
    "email",
    "phone",
    "street",
    "city",
    "postalCode",
    "schoolName",
    "graduationYear",
    "emergencyFullname",
    "emergencyPhone",
  ] as const) {
    await expect(field(page, name), name).toHaveValue(a[name]);
  }
  for (const name of ["state", "courseType", "highestEducation", "emergencyRelationship"] as const) {
    await expect(field(page, name), name).toHaveValue(a[name]);
  }
  await expect(field(page, "courseId")).not.toHaveValue("");
  await expect(page.getByRole("radio", { name: a.gender, exact: true })).toBeChecked();
  await expect(page.getByRole("radio", { name: a.parentConsent, exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: a.idCard, exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Terms and Conditions/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Privacy Policy/ })).toBeChecked();
}

/** With JS off the browser's `required` checks stop an incomplete form; skip them to reach the server's. */
async function letServerJudge(page: Page, jsOn: boolean) {
  if (!jsOn)
    await page.locator("form#registration").evaluate((f: HTMLFormElement) => {
      f.noValidate = true;
    });
}

async function submit(page: Page) {
  await page.getByRole("button", { name: "Submit", exact: true }).click();
}

const summary = (page: Page) => page.locator("#registration-errors");
const fieldError = (page: Page, name: string) => page.locator(`#registration-${name}-error`);

async function staffApplicant(page: Page, staff: { email: string; password: string }, email: string) {
  await signInThroughApi(page, staff);
  const list = await page.request.get(`/api/applicants?search=${encodeURIComponent(email)}`);
  expect(list.status()).toBe(200);
  const found = (await list.json()) as { _id: string; email: string }[];
  expect(found.map((x) => x.email)).toEqual([email]);
  const detail = await page.request.get(`/api/applicants/${found[0]!._id}`);
  expect(detail.status()).toBe(200);
  return (await detail.json()) as Record<string, unknown> & {
    files: { public_id: string; name: string; size: number; group: string }[];
  };
}

test("a visitor registers with two ID files; it reaches the database, the staff list and the academy's inbox, and its files are staff-only", async ({
  page,
  staff,
  request,
}, testInfo) => {
  const a = applicantFor(testInfo.project.name);
  await openForm(page);
  await fillForm(page, a);
  await field(page, "idCardFiles").setInputFiles([png("nin-front.png"), pdf("nin-back.pdf")]);
  await field(page, "certificateFiles").setInputFiles([pdf("waec-certificate.pdf")]);
  await submit(page);

  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Home Page" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Apply Again" })).toHaveAttribute("href", "/registration-form");

  const stored = await staffApplicant(page, staff, a.email);
  expect(stored).toMatchObject({
    firstname: a.firstname,
    lastname: a.lastname,
    gender: a.gender,
    dob: a.dob,
    phone: a.phone,
    street: a.street,
    city: a.city,
    state: "lagos",
    postalCode: a.postalCode,
    courseType: a.courseType,
    idCards: ["NIN"],
    parentConsent: "Yes",
    schoolName: a.schoolName,
    graduationYear: 2019,
    highestEducation: a.highestEducation,
    emergencyFullname: a.emergencyFullname,
    emergencyRelationship: "Father",
    emergencyPhone: a.emergencyPhone,
    regTerms: true,
    regPrivacy: true,
  });
  expect(stored.files.map((f) => [f.group, f.name]).sort()).toEqual([
    ["certificate", "waec-certificate.pdf"],
    ["idCards", "nin-back.pdf"],
    ["idCards", "nin-front.png"],
  ]);

  const idFront = stored.files.find((f) => f.name === "nin-front.png")!;
  const fileUrl = `/api/files/${idFront.public_id}`;
  const asStaff = await page.request.get(fileUrl);
  expect(asStaff.status()).toBe(200);
  expect(asStaff.headers()["content-type"]).toBe("image/png");
  expect((await asStaff.body()).equals(png("x").buffer)).toBe(true);
  const asVisitor = await request.get(fileUrl);
  expect(asVisitor.status()).toBe(401);

  // The notification e-mail the API sent (the outbox stands in for SMTP in tests).
  const outbox = path.join(dataDir(), "outbox");
  const mails = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith(".json"))
    .map((f) => fs.readFileSync(path.join(outbox, f), "utf8"));
  expect(mails.some((m) => m.includes(a.lastname) && m.includes("New registration"))).toBe(true);

  await page.getByRole("link", { name: "Apply Again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Student Registration Form" })).toBeVisible();
  await expect(field(page, "firstname")).toHaveValue("");
});

test("submitting an empty form names every required field, by the field and in a linked summary", async ({
  page,
}, testInfo) => {
  const jsOn = jsEnabled(testInfo);
  await openForm(page);
  if (!jsOn) {
    // Without JS the browser's own checks come first: every required input says so.
    for (const name of [
      "firstname",
      "lastname",
      "dob",
      "email",
      "phone",
      "street",
      "city",
      "state",
      "courseId",
      "courseType",
      "highestEducation",
      "emergencyFullname",
      "emergencyRelationship",
      "emergencyPhone",
      "regTerms",
      "regPrivacy",
      "idCardFiles",
      "gender",
      "parentConsent",
    ]) {
      await expect(field(page, name), name).toHaveAttribute("required", "");
    }
    // Optional, or required only with some schooling (docs/decisions/018-registration-for-phones.md): the server decides.
    for (const name of ["postalCode", "schoolName", "graduationYear", "certificateFiles"]) {
      await expect(field(page, name), name).not.toHaveAttribute("required", "");
    }
  }
  await letServerJudge(page, jsOn);
  await submit(page);

  const expected: [string, string][] = [
    ["firstname", "Kindly input your first name"],
    ["lastname", "Kindly input your last name"],
    ["gender", "Kindly select your gender"],
    ["dob", "Kindly input your date of birth"],
    ["email", "Kindly input your email"],
    ["phone", "Kindly input your phone number"],
    ["street", "Kindly input your street address"],
    ["city", "Kindly input your city"],
    ["state", "Kindly select your state"],
    ["courseId", "Kindly select a course"],
    ["courseType", "Kindly select a course type"],
    ["idCards", "Kindly select the type of your ID card"],
    ["idCardFiles", "Kindly upload at least one ID card"],
    ["parentConsent", "Kindly select a parental consent option"],
    ["schoolName", "Kindly input the name of your school"],
    ["graduationYear", "Kindly input your year of graduation"],
    ["highestEducation", "Kindly select your highest level of education"],
    ["emergencyFullname", "Kindly input your emergency contact's full name"],
    ["emergencyRelationship", "Kindly select your relationship with your emergency contact"],
    ["emergencyPhone", "Kindly input your emergency contact's phone number"],
    ["regTerms", "Kindly accept the Terms and Conditions"],
    ["regPrivacy", "Kindly accept the Privacy Policy"],
  ];
  await expect(summary(page)).toBeVisible();
  for (const [name, message] of expected) {
    await expect(fieldError(page, name), name).toHaveText(message);
    const link = summary(page).locator(`a[href="#registration-${name}"]`);
    await expect(link, name).toContainText(message);
    await expect(field(page, name), name).toHaveCount(1);
  }
  await expect(summary(page).locator("a")).toHaveCount(expected.length);
  // The certificate and the postal code are optional, and say so (docs/decisions/018-registration-for-phones.md).
  await expect(fieldError(page, "certificateFiles")).toHaveCount(0);
  await expect(fieldError(page, "postalCode")).toHaveCount(0);
  await expect(page.locator("label[for='registration-certificateFiles'] .required-mark")).toHaveCount(0);
  await expect(page.locator("label[for='registration-certificateFiles']")).toContainText("(optional)");

  await summary(page).locator("a[href='#registration-city']").click();
  await expect(page).toHaveURL(/#registration-city$/);
  if (!jsOn) await page.screenshot({ path: "/tmp/registration-errors-js-off.png", fullPage: true });
});

for (const missing of ["city", "courseType", "parentConsent", "regPrivacy"]) {
  test(`leaving out only ${missing} names that field and keeps everything typed, the picked ID included`, async ({
    page,
  }, testInfo) => {
    const jsOn = jsEnabled(testInfo);
    const a = applicantFor(testInfo.project.name);
    await openForm(page);
    await fillForm(page, a, [missing]);
    await field(page, "idCardFiles").setInputFiles([png("id-card.png")]);
    await letServerJudge(page, jsOn);
    await submit(page);

    await expect(fieldError(page, missing)).toBeVisible();
    await expect(summary(page).locator("a")).toHaveCount(1);
    await expect(summary(page).locator(`a[href="#registration-${missing}"]`)).toBeVisible();
    await expect(field(page, "firstname")).toHaveValue(a.firstname);
    await expect(field(page, "emergencyPhone")).toHaveValue(a.emergencyPhone);
    if (!jsOn) {
      // The server stored the picked ID and lists it: a phone without script cannot keep a file
      // in the form it gets back (docs/decisions/006-registration-keeps-stored-files.md).
      await expect(page.getByRole("checkbox", { name: /id-card\.png/ })).toBeChecked();
      await expect(field(page, "idCardFiles")).not.toHaveAttribute("required", "");
    }
  });
}

test("without script, a form sent back for one field is then sent with the ID stored the first time, not picked again", async ({
  page,
  staff,
}, testInfo) => {
  const a = applicantFor(`kept-id-${testInfo.project.name}`);
  await openForm(page);
  await fillForm(page, a, ["city"]);
  await field(page, "idCardFiles").setInputFiles([png("id-card.png")]);
  await letServerJudge(page, jsEnabled(testInfo));
  await submit(page);
  if (jsEnabled(testInfo)) {
    // With script the browser's own check answers and nothing was sent: the picker still holds it.
    await expect(fieldError(page, "city")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /id-card\.png/ })).toHaveCount(0);
  } else {
    await expect(page.getByRole("checkbox", { name: /id-card\.png/ })).toBeChecked();
  }
  await field(page, "city").fill(a.city);
  await submit(page);
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  const stored = await staffApplicant(page, staff, a.email);
  expect(stored.files.map((f) => [f.group, f.name])).toEqual([["idCards", "id-card.png"]]);
});

test("a phone number of the right shape that no numbering plan has is refused at its field, the picked ID stored and listed", async ({
  page,
}, testInfo) => {
  // The browser checks a number's shape only (domain/phone-shape.ts); the server applies the plan.
  const a = { ...applicantFor(testInfo.project.name), phone: "0100000000" };
  await openForm(page);
  await fillForm(page, a);
  await field(page, "idCardFiles").setInputFiles([png("id-card.png")]);
  await submit(page);
  await expect(fieldError(page, "phone")).toHaveText(
    "Kindly input a phone number we can call, e.g 0803 123 4567 or +2348031234567",
  );
  await expect(summary(page).locator("a")).toHaveCount(1);
  await expect(field(page, "phone")).toHaveValue("0100000000");
  await expect(page.getByRole("checkbox", { name: /id-card\.png/ })).toBeChecked();
});

test("a registration without an ID file is refused at the ID field", async ({ page }, testInfo) => {
  const jsOn = jsEnabled(testInfo);
  const a = applicantFor(testInfo.project.name);
  await openForm(page);
  await fillForm(page, a);
  await field(page, "certificateFiles").setInputFiles([pdf("certificate.pdf")]);
  await letServerJudge(page, jsOn);
  await submit(page);
  await expect(fieldError(page, "idCardFiles")).toHaveText("Kindly upload at least one ID card");
  await expect(summary(page)).toContainText("Kindly upload at least one ID card");
  await expect(summary(page).locator("a")).toHaveCount(1);
  await expectEveryValueKept(page, a);
});

test("a fourth ID file is refused: at most 3 per group", async ({ page }, testInfo) => {
  const a = applicantFor(testInfo.project.name);
  await openForm(page);
  await fillForm(page, a);
  await field(page, "idCardFiles").setInputFiles([png("1.png"), png("2.png"), pdf("3.pdf"), pdf("4.pdf")]);
  if (jsEnabled(testInfo)) {
    // The browser checks as soon as the files are picked.
    await expect(fieldError(page, "idCardFiles")).toHaveText("Maximum number of file upload is 3");
  }
  await submit(page);
  await expect(fieldError(page, "idCardFiles")).toHaveText("Maximum number of file upload is 3");
  await expect(summary(page)).toContainText("Maximum number of file upload is 3");
  await expectEveryValueKept(page, a);
});

test("an ID file of exactly 3,145,728 bytes is accepted", async ({ page, staff }, testInfo) => {
  const a = applicantFor(testInfo.project.name);
  await openForm(page);
  await fillForm(page, a);
  await field(page, "idCardFiles").setInputFiles([png("passport-scan.png", MAX)]);
  await submit(page);
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible({ timeout: 15_000 });
  const stored = await staffApplicant(page, staff, a.email);
  expect(stored.files.map((f) => f.size)).toEqual([MAX]);
});

test("an ID file one byte over 3MB is refused", async ({ page }, testInfo) => {
  const a = applicantFor(testInfo.project.name);
  await openForm(page);
  await fillForm(page, a);
  await field(page, "idCardFiles").setInputFiles([png("passport-scan.png", MAX + 1)]);
  await submit(page);
  await expect(fieldError(page, "idCardFiles")).toHaveText("Maximum file size of 3MB per file");
  await expect(summary(page)).toContainText("Maximum file size of 3MB per file");
  await expectEveryValueKept(page, a);
});

test("a text file renamed .pdf is refused by its content, and the form comes back whole", async ({
  page,
}, testInfo) => {
  const a = applicantFor(testInfo.project.name);
  await openForm(page);
  await fillForm(page, a);
  await field(page, "idCardFiles").setInputFiles([
    { name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just some text, not a PDF\n") },
  ]);
  await submit(page);
  await expect(summary(page)).toContainText("An error occured while trying to upload your form file attachments");
  await expect(fieldError(page, "idCardFiles")).toHaveText(
    "notes.pdf: only .pdf, .png, .jpg and .webp files are accepted",
  );
  await expectEveryValueKept(page, a);
});

test("courseid and courseslug preselect the course", async ({ page }) => {
  const courses = (await (await page.request.get("/api/courses?limit=3")).json()) as {
    _id: string;
    slug: string;
    title: string;
  }[];
  const course = courses[2]!;
  await openForm(page, `?courseid=${course._id}&courseslug=${course.slug}`);
  await expect(field(page, "courseId")).toHaveValue(course._id);
  await openForm(page);
  await expect(field(page, "courseId")).toHaveValue("");
});

test("when the API refuses the submission, its words are shown, every typed value stays and stored files need not be picked again", async ({
  page,
  staff,
}, testInfo) => {
  const a = applicantFor(testInfo.project.name);
  await openForm(page);
  await fillForm(page, a);
  await field(page, "idCardFiles").setInputFiles([png("licence-front.png"), png("licence-back.png")]);
  // A stored-file reference the API has never issued: the API refuses the whole applicant.
  await page.locator("form#registration").evaluate((form: HTMLFormElement) => {
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = "keptFiles";
    box.checked = true;
    box.id = "forged-file";
    box.value = JSON.stringify({
      public_id: "applicants/0123456789abcdef01234567",
      name: "forged.pdf",
      size: 10,
      group: "certificate",
    });
    form.append(box);
  });
  await submit(page);

  await expect(summary(page)).toContainText("An error occured while trying to upload your form file attachments");
  // With JS on the page does not reload: the list of problems takes the focus instead.
  if (jsEnabled(testInfo)) await expect(summary(page)).toBeFocused();
  await expectEveryValueKept(page, a);
  const keptFront = page.getByRole("checkbox", { name: /licence-front\.png/ });
  const keptBack = page.getByRole("checkbox", { name: /licence-back\.png/ });
  const forged = page.getByRole("checkbox", { name: /forged\.pdf/ });
  await expect(keptFront).toBeChecked();
  await expect(keptBack).toBeChecked();
  await expect(forged).toBeChecked();

  // Untick the bad one and send again, without picking any file. (With JS on the element this
  // test slipped into the page outlives the re-render: take it out as the page would not have it.)
  await page.locator("#forged-file").evaluateAll((boxes) => boxes.forEach((b) => b.remove()));
  await expect(field(page, "idCardFiles")).toHaveValue("");
  await forged.uncheck();
  await submit(page);
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  const stored = await staffApplicant(page, staff, a.email);
  expect(stored.files.map((f) => f.name).sort()).toEqual(["licence-back.png", "licence-front.png"]);
});

test("submitting shows progress and cannot be sent twice (JS on); the form is a plain multipart post (JS off)", async ({
  page,
}, testInfo) => {
  await openForm(page);
  const form = page.locator("form#registration");
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("enctype", "multipart/form-data");
  if (!jsEnabled(testInfo)) return;

  const a = applicantFor(testInfo.project.name);
  await fillForm(page, a);
  await field(page, "idCardFiles").setInputFiles([png("id.png")]);
  let posts = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/registration-form**", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts += 1;
    await held;
    await route.continue();
  });
  await submit(page);
  const button = page.getByRole("button", { name: "Submitting..." });
  await expect(button).toBeDisabled();
  await expect(page.getByText("Uploading your files and sending your registration")).toBeVisible();
  await button.click({ force: true }).catch(() => undefined);
  release();
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  expect(posts).toBe(1);
});

// The form's code, fetched on the first touch (docs/decisions/050-the-form-code-comes-on-first-touch.md).
const FORM_CODE = /\/build\/_shared\/registration-form-[^/]+\.js$/;

/** The form on a page of its own, hydrated but untouched: the fixture's pages touch the form as they open. */
async function untouchedForm(context: BrowserContext, beforeOpening?: (page: Page) => void) {
  const page = await context.newPage();
  beforeOpening?.(page);
  await page.goto("/registration-form");
  await rootHydrated(page);
  return page;
}

/** Waits, touching nothing, until React has hydrated the form. */
const formHydratedUntouched = (page: Page) =>
  page.waitForFunction(
    () => Object.keys(document.getElementById("registration")!).some((k) => k.startsWith("__reactFiber$")),
    undefined,
    { timeout: 20_000 },
  );

/** The browser's own checks answer: the form's code runs. */
async function browserChecksAnswer(page: Page) {
  // React commits the form a moment after it claims its nodes: a blur in that moment meets no
  // handler yet, so the touch is repeated until the form's own check answers it.
  await expect(async () => {
    await field(page, "email").fill("not-an-email");
    await field(page, "email").blur();
    await expect(page.locator("#registration-email-error")).toHaveText("Kindly input a valid email address", {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
}

test("the form's code comes on the first touch: what was typed before it stays, and the browser's checks then answer", async ({
  context,
}, testInfo) => {
  const formCode: string[] = [];
  const page = await untouchedForm(context, (opening) =>
    opening.on("request", (r) => FORM_CODE.test(r.url()) && formCode.push(r.url())),
  );
  await page.waitForLoadState("networkidle");
  expect(formCode).toEqual([]);
  await expect(field(page, "firstname")).toBeEditable();
  if (!jsEnabled(testInfo)) return;
  // Typed before the code arrives: the page is still the server's form.
  await field(page, "firstname").pressSequentially("Adaeze");
  await expect.poll(() => formCode.length).toBe(1);
  await hydrated(page);
  await expect(field(page, "firstname")).toHaveValue("Adaeze");
  await browserChecksAnswer(page);
});

test("a first touch while offline leaves the server's form as it is; the code comes when the connection returns", async ({
  context,
}, testInfo) => {
  const page = await untouchedForm(context);
  await context.setOffline(true);
  try {
    await field(page, "firstname").pressSequentially("Ngozi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student Registration Form");
    await expect(field(page, "firstname")).toHaveValue("Ngozi");
  } finally {
    await context.setOffline(false);
  }
  if (!jsEnabled(testInfo)) return;
  // No further touch: the connection's return alone brings the code.
  await formHydratedUntouched(page);
  await hydrated(page);
  await expect(field(page, "firstname")).toHaveValue("Ngozi");
  await browserChecksAnswer(page);
});

test("a fetch of the form's code that fails while the browser is online is tried again on its own", async ({
  browser,
}, testInfo) => {
  // Without the offline worker: a fetch it made could slip past the refusal, and it is not what
  // this tests.
  const context = await browser.newContext({ ...testInfo.project.use, serviceWorkers: "block" });
  let refused = 0;
  await context.route(FORM_CODE, (route) => (refused++, route.abort("failed")));
  const page = await untouchedForm(context);
  await field(page, "firstname").pressSequentially("Ngozi");
  if (!jsEnabled(testInfo)) {
    // Without JavaScript there is no code to fetch: the form is the page.
    expect(refused).toBe(0);
    return;
  }
  await expect.poll(() => refused).toBeGreaterThan(0);
  await context.unroute(FORM_CODE);
  // No touch and no `online` event from here: the form's own retries bring the code.
  await formHydratedUntouched(page);
  await expect(field(page, "firstname")).toHaveValue("Ngozi");
  await context.close();
});

test("on the registration page, the contact modal sends a message before the form was ever touched", async ({
  context,
}, testInfo) => {
  // The modal's fetcher updates the page through the router; the form's boundary must not hold
  // that update back (docs/decisions/050-the-form-code-comes-on-first-touch.md).
  const page = await untouchedForm(context);
  await page.waitForLoadState("networkidle");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
  if (!jsEnabled(testInfo)) {
    await expect(page).toHaveURL(/\/contact$/);
    return;
  }
  const dialog = page.getByRole("dialog", { name: "Contact Us" });
  await dialog.getByLabel("Full name").fill("Chika Obi");
  await dialog.getByLabel("Email").fill("chika.modal@example.com");
  await dialog.getByLabel("Phone").fill("+2348031234567");
  await dialog.getByLabel("Issue").selectOption({ index: 1 });
  await dialog.getByLabel("Message").fill("When does the next bridal class start?");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByText("Message sent")).toBeVisible();
  await expect(field(page, "firstname")).toBeEditable();
});

test("a bot that fills the hidden honeypot field is thanked but nothing is stored", async ({
  page,
  staff,
}, testInfo) => {
  const a = applicantFor(`bot-${testInfo.project.name}`);
  await openForm(page);
  await fillForm(page, a);
  await field(page, "idCardFiles").setInputFiles([png("id.png")]);
  await page.locator("input[name='name__confirm']").evaluate((input: HTMLInputElement) => {
    input.value = "I am a bot";
  });
  await submit(page);
  await expect(page.getByRole("heading", { name: "Thank you for registering!" })).toBeVisible();
  await signInThroughApi(page, staff);
  const list = await page.request.get(`/api/applicants?search=${encodeURIComponent(a.email)}`);
  expect(await list.json()).toEqual([]);
});
