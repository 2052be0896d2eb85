import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { pngBytes, registerApplicant, screenshots } from "./staff-helpers";

async function sendContactMessage(request: APIRequestContext, tag: string) {
  const res = await request.post("/api/contact", {
    form: {
      fullname: `Chioma ${tag}`,
      email: `chioma.${tag}@example.ng`,
      phone: "+2348012345678",
      issue: "2",
      message: `Please confirm my transfer ${tag}`,
    },
  });
  expect(res.status()).toBe(201);
}

test("the staff inbox lists a contact message and an applicant with a downloadable file", async ({
  staffPage: page,
}, testInfo) => {
  const tag = `${testInfo.project.name.replace("-", "")}${Date.now()}`;
  await sendContactMessage(page.request, tag);
  const { fileId } = await registerApplicant(page.request, {
    firstname: "Amaka",
    lastname: `Okafor${tag}`,
    email: `amaka.${tag}@example.ng`,
    courseTitle: "Professional Hairdressing and Styling", // a published demo course (the API takes no other)
    emergencyFullname: "Ngozi Okafor",
  });

  await page.goto("/admin/messages");
  await expect(page.getByRole("heading", { name: "Contact messages" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `Chioma ${tag}` });
  await expect(row).toContainText(`Please confirm my transfer ${tag}`);
  await expect(row).toContainText("Payment-related");
  if (testInfo.project.name === "js-on") await screenshots(page, "inbox-messages");

  await page.getByLabel("Search messages").fill("no-such-sender-anywhere");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No messages found")).toBeVisible();
  await page.getByLabel("Search messages").fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row").filter({ hasText: `Chioma ${tag}` })).toBeVisible();

  const messagesCsv = await page.request.get(`/admin/messages.csv?q=${tag}`);
  expect(messagesCsv.headers()["content-type"]).toContain("text/csv");
  const messagesText = await messagesCsv.text();
  expect(messagesText).toContain(`Please confirm my transfer ${tag}`);
  // The CSV is for tools (docs/decisions/009-csv-exports-for-spreadsheets.md): the phone in
  // E.164 as it is, no formula around it and no stray quote mark.
  expect(messagesText).toContain(",+2348012345678,");
  expect(messagesText).not.toContain('="');
  expect(messagesText).not.toContain("'+234");

  await page.goto("/admin/applicants");
  await page.getByRole("link", { name: `View: Amaka Okafor${tag}` }).click();
  await expect(page.getByRole("heading", { name: `Amaka Okafor${tag}` })).toBeVisible();
  for (const value of ["12 Allen Avenue", "Full Course", "Queens College", "Ngozi Okafor", "Mother", "NIN", "Lagos"]) {
    await expect(page.locator(".admin-detail").getByText(value, { exact: true })).toBeVisible();
  }
  await expect(page.locator(".admin-detail dt:text-is('Accepted the terms') + dd")).toHaveText("Yes");
  if (testInfo.project.name === "js-on") await screenshots(page, "inbox-applicant");
  // Named after the reference and the applicant (docs/product.md §4), not the uploaded name.
  const download = page.getByRole("link", {
    name: new RegExp(`^Download: FLA-[0-9A-F]{8}-Amaka-Okafor${tag}-NIN\\.png$`),
  });
  await expect(download).toHaveAttribute("href", `/admin/files/${fileId}`);
  const file = await page.request.get(`/admin/files/${fileId}`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");
  expect(file.headers()["content-disposition"]).toContain("attachment");
  expect((await file.body()).subarray(1, 4).toString()).toBe("PNG");

  const applicantsCsv = await (await page.request.get(`/admin/applicants.csv?q=${tag}`)).text();
  expect(applicantsCsv).toContain(`Okafor${tag}`);
  expect(applicantsCsv).toContain("Professional Hairdressing and Styling");
  // What people read, not what is stored: the state's name, Yes for the accepted terms.
  const [csvHeader, csvRow] = applicantsCsv.replace(/^\uFEFF/, "").split("\r\n");
  const cells = csvRow.split(",");
  const cellUnder = (label: string) => cells[csvHeader.split(",").indexOf(label)];
  expect(cellUnder("State")).toBe("Lagos");
  expect(cellUnder("Accepted the terms")).toBe("Yes");
  expect(cellUnder("Received")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
});

test("staff mark contact messages read and unread; the inbox tab counts what is new", async ({
  staffPage: page,
}, testInfo) => {
  // Messages of this run only (the other mode runs at the same time on the same server).
  const tag = `read${testInfo.project.name.replace("-", "")}${Date.now()}`;
  await sendContactMessage(page.request, `${tag}a`);
  await sendContactMessage(page.request, `${tag}b`);
  const tab = page.getByRole("navigation", { name: "Staff inbox" }).getByRole("link", { name: /^Messages/ });

  await page.goto(`/admin/messages?q=${tag}&show=new`);
  await expect(page.getByRole("link", { name: "New only" })).toHaveAttribute("aria-current", "page");
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "New" })).toHaveCount(2);
  // The tab counts every new message (at least these two; other journeys' too).
  await expect(tab.locator(".tab-count")).toHaveText(/^\d+ new$/);
  expect(Number.parseInt((await tab.locator(".tab-count").textContent()) ?? "0", 10)).toBeGreaterThanOrEqual(2);

  // One read: it leaves the "new only" list, the search and filter kept.
  await page.getByRole("button", { name: `Mark the message from Chioma ${tag}a as read` }).click();
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`q=${tag}&show=new$`));
  await expect(rows).toContainText(`Chioma ${tag}b`);

  // In the whole list it says who read it, and can be made new again.
  await page.getByRole("link", { name: "All messages" }).click();
  await expect(rows).toHaveCount(2);
  const first = rows.filter({ hasText: `Chioma ${tag}a` });
  await expect(first).toContainText(`Read by Staff ${testInfo.project.name}`);
  await expect(first.locator(".status-badge")).toHaveCount(0);
  await first.getByRole("button", { name: `Mark the message from Chioma ${tag}a as unread` }).click();
  await expect(first.locator(".status-badge")).toHaveText("New");

  // "Mark all as read" marks what the list shows (this search: the other journeys' messages stay new).
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
  await expect(rows.locator(".status-badge")).toHaveCount(0);
  await page.getByRole("link", { name: "New only" }).click();
  await expect(page.getByText("No new messages")).toBeVisible();
});

test("a visitor is sent to the login page from every editor and inbox URL, and gets no applicant file", async ({
  page,
  request,
}) => {
  const tag = `visitor${Date.now()}`;
  const { fileId } = await registerApplicant(request, {
    firstname: "Amaka",
    lastname: `Okafor${tag}`,
    email: `amaka.${tag}@example.ng`,
    courseTitle: "Professional Hairdressing and Styling", // a published demo course (the API takes no other)
    emergencyFullname: "Ngozi Okafor",
  });
  for (const path of [
    "/job/new",
    "/article/new",
    "/course/new",
    "/edit/job/abc",
    "/edit/article/abc",
    "/edit/course/abc",
    "/admin/messages",
    "/admin/applicants",
    "/admin/applicants/abc",
    "/admin/messages.csv",
    "/admin/applicants.csv",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(
      new RegExp(`/fla-admin\\?redirectTo=${encodeURIComponent(path).replace(/\./g, "\\.")}$`),
    );
    const reason = path.includes("/new")
      ? "Your Session has expired. Login Again"
      : "You need to be Logged In to do this";
    await expect(page.locator(".toast-area").getByText(reason), path).toBeVisible();
  }
  const viaWeb = await request.get(`/admin/files/${fileId}`, { maxRedirects: 0 });
  expect(viaWeb.status()).toBe(302);
  expect(viaWeb.headers().location).toContain("/fla-admin");
  const viaApi = await request.get(`/api/files/${fileId}`);
  expect(viaApi.status()).toBe(401);
  const upload = await request.post("/editor/upload", {
    multipart: { file: { name: "x.png", mimeType: "image/png", buffer: await pngBytes() } },
  });
  expect(upload.status()).toBe(401);
});

test("public pages never download the rich-text editor; editors do", async ({ staffPage: page }, testInfo) => {
  const editorChunks: string[] = [];
  page.on("request", (r) => {
    // Built code only: the route manifest's query lists page paths, and a slug may say "rich-text".
    if (/\/build\/.*(rich-text|lexical)/i.test(new URL(r.url()).pathname)) editorChunks.push(r.url());
  });
  await page.goto("/");
  await page.goto("/fla-admin");
  await page.waitForLoadState("networkidle");
  expect(editorChunks).toEqual([]);
  await page.goto("/article/new");
  await page.waitForLoadState("networkidle");
  if (testInfo.project.name === "js-on") expect(editorChunks.length).toBeGreaterThan(0);
  else await expect(page.locator('textarea[name="content"]')).toBeVisible();
});
