import { expect, jsEnabled, test } from "./fixtures";
import { invitationLinkFor, loginThroughForm, registerApplicant, toast, totpCode } from "./staff-helpers";

// Roles, invitations and two-factor sign-in in the browser, JavaScript on and off
// (docs/decisions/031-staff-roles.md, 032-two-factor-sign-in.md).

test("an Admin invites an Editor, who accepts, signs in and publishes a job, but cannot open the applicants", async ({
  staffPage: page,
}, testInfo) => {
  test.setTimeout(60_000);
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const email = `editor-${tag}@academy.test`;
  const password = "Editor#Pass2026";

  await page.goto("/admin/staff");
  await page.getByLabel("Name").fill(`Ed Itor ${tag}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("radio", { name: /^Editor:/ }).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("cell", { name: email })).toBeVisible();

  // The invited person, in a browser of their own.
  await page.context().clearCookies();
  await page.goto(await invitationLinkFor(email));
  await expect(page.getByText(`Welcome, Ed Itor ${tag}. Choose a password to join as Editor.`)).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/fla-admin$/);
  await expect(toast(page, "Your account is ready")).toBeVisible();
  await loginThroughForm(page, email, password);
  await expect(toast(page, "Successfully Logged In, Welcome")).toBeVisible();

  // The Admin menu offers content only.
  const menu = page.locator(".admin-menu");
  await expect(menu.getByRole("link", { name: "Create Job", includeHidden: true })).toHaveCount(1);
  await expect(menu.getByRole("link", { name: "Applicants", includeHidden: true })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Staff", includeHidden: true })).toHaveCount(0);

  await page.goto("/job/new");
  if (jsEnabled(testInfo)) await expect(page.locator('[contenteditable="true"]')).toBeVisible();
  const title = `Editor job ${tag}`;
  await page.getByRole("textbox", { name: "Job Title", exact: true }).fill(title);
  await page.getByRole("combobox", { name: "Job type" }).selectOption("Contract");
  await page.getByRole("combobox", { name: "Job location" }).selectOption("Hybrid");
  await page.getByRole("textbox", { name: "Company Name" }).fill("Glow Studio Ltd");
  await page.getByLabel("Application deadline").fill("2031-03-15");
  await page.getByRole("textbox", { name: "How to apply" }).fill("jobs@glowstudio.ng");
  const content = page.getByRole("textbox", { name: "Content", exact: true });
  if (jsEnabled(testInfo)) {
    await content.click();
    await page.keyboard.type("A job posted by an Editor.");
  } else await content.fill("A job posted by an Editor.");
  await page.getByRole("button", { name: "Publish" }).click();
  await page.waitForURL(/\/job\/[a-z0-9]+\/[a-z0-9-]+$/i);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  const refused = await page.goto("/admin/applicants");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account cannot open this page");
  await expect(page.getByRole("alert")).toHaveText(
    "This page is for Admin and Admissions accounts. Yours is an Editor account, for courses, articles and jobs. If your work needs this page, ask an Admin to change your role.",
  );
});

test("an Admissions member sets up two-factor, signs in with a code, downloads an ID file, and the Admin sees it in the log", async ({
  page,
  staff: admin,
}, testInfo) => {
  test.setTimeout(60_000);
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const { getDb } = await import("../../api/db/index");
  const { hashPassword } = await import("../../api/auth/password");
  const { newId } = await import("../../api/lib/ids");
  const member = {
    id: newId(),
    email: `admissions-${tag}@academy.test`,
    password: "Admit#Pass2026",
    name: `Ama ${tag}`,
  };
  await (
    await getDb()
  )
    .insertInto("users")
    .values({
      id: member.id,
      email: member.email,
      name: member.name,
      password_hash: await hashPassword(member.password),
      is_demo: 0,
      role: "admissions",
      created_at: new Date().toISOString(),
    })
    .execute();
  const { id, fileId } = await registerApplicant(page.request, {
    firstname: "Kemi",
    lastname: `Adeyemi${tag.replace(/\W/g, "")}`,
    email: `kemi-${tag}@example.com`,
    courseTitle: "Professional Hairdressing and Styling",
    emergencyFullname: "Bola Adeyemi",
  });

  // First sign-in: the password alone, then the applicants send them to set up two-factor.
  await page.goto("/fla-admin");
  await loginThroughForm(page, member.email, member.password);
  await expect(toast(page, "Successfully Logged In, Welcome")).toBeVisible();
  await page.goto("/admin/applicants");
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(toast(page, "Your role requires two-factor sign-in. Set it up to continue.")).toBeVisible();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code holding the two-factor secret" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  await page.getByLabel("Code").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem")).toHaveCount(10);

  // Signed out and in again: the password, then the app's code (the next step's: the set-up used this one).
  await page.context().clearCookies();
  await page.goto("/fla-admin?redirectTo=/admin/applicants");
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/fla-admin\/code/);
  await page.getByLabel("Code").fill(await totpCode(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/applicants$/);

  await page.goto(`/admin/applicants/${id}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^Download: FLA-[0-9A-F]{8}-.+\.png$/ }).click(),
  ]);
  // Named after the reference and the applicant (docs/decisions/037-references-phones-and-payment.md).
  expect(download.suggestedFilename()).toMatch(/^FLA-[0-9A-F]{8}-.+\.png$/);

  // The Admin reads the log.
  await page.context().clearCookies();
  await page.goto("/fla-admin");
  await loginThroughForm(page, admin.email, admin.password);
  await expect(toast(page, "Successfully Logged In, Welcome")).toBeVisible();
  await page.goto("/admin/security-log");
  await page.getByLabel("Event").selectOption("applicant_file.downloaded");
  await page.getByLabel("Person").selectOption({ label: `${member.name} <${member.email}>` });
  await page.getByRole("button", { name: "Filter" }).click();
  const row = page.getByRole("row").filter({ hasText: fileId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Applicant's file downloaded");
  await expect(row).toContainText(member.email);
  // Named, and what the id is (issue 40): whose file, beside the id itself.
  await expect(row).toContainText(`file of applicant FLA-${id.slice(0, 8).toUpperCase()}`);
  await expect(row).toContainText(`Applicant's file · id ${fileId}`);
});
