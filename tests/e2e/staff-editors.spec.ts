import type { Page } from "@playwright/test";

import { expect, jsEnabled, test } from "./fixtures";
import { endSessionsOf, pngBytes, screenshots, toast } from "./staff-helpers";

// Content journeys as an Editor: the role that writes (docs/decisions/031-staff-roles.md), and
// one that signs in with the password alone, as the session-expired modal does.
test.use({ staffRole: "editor" });

type Kind = "job" | "article" | "course";

const titleLabel = (kind: Kind) => (kind === "job" ? "Job Title" : "Title");
const titleBox = (page: Page, kind: Kind) => page.getByRole("textbox", { name: titleLabel(kind), exact: true });
const contentBox = (page: Page) => page.getByRole("textbox", { name: "Content", exact: true });

/** Waits until the editor is ready: with JavaScript, Lexical has replaced the textarea. */
async function openEditor(page: Page, url: string, jsOff: boolean) {
  await page.goto(url);
  if (!jsOff) await expect(page.locator('[contenteditable="true"]')).toBeVisible();
}

async function writeContent(page: Page, jsOff: boolean, text: string) {
  if (jsOff) {
    await contentBox(page).fill(text);
    return;
  }
  await contentBox(page).click();
  await page.keyboard.type(text);
}

async function fillRequired(page: Page, kind: Kind, title: string) {
  await titleBox(page, kind).fill(title);
  if (kind === "job") {
    await page.getByRole("combobox", { name: "Job type" }).selectOption("Contract");
    await page.getByRole("combobox", { name: "Job location" }).selectOption("Hybrid");
    await page.getByRole("textbox", { name: "Company Name" }).fill("Glow Studio Ltd");
    await page.getByLabel("Application deadline").fill("2031-03-15");
    await page.getByRole("textbox", { name: "How to apply" }).fill("jobs@glowstudio.ng");
  }
  if (kind === "course") {
    await page.getByRole("textbox", { name: "Tutors" }).fill("Ada Obi, Bisi Lawal");
    await page.getByRole("textbox", { name: "Tag" }).fill("Beauty");
  }
}

const created = { job: "New Job Created", article: "New Article Created", course: "New Course Created" };
const updated = { job: "Job Updated", article: "Article Updated", course: "Course Updated" };
const apiPath = { job: "jobs", article: "articles", course: "courses" };

/** Publishes and answers the id of the stored item, read from the redirect to its public page. */
async function publish(page: Page, kind: Kind, jsOff: boolean, notice: string) {
  await page.getByRole("button", { name: "Publish" }).click();
  if (!jsOff) await expect(toast(page, notice)).toBeVisible();
  await page.waitForURL(new RegExp(`/${kind}/[a-z0-9]+/[a-z0-9-]+$`, "i"));
  return new URL(page.url()).pathname.split("/")[2];
}

for (const kind of ["job", "article", "course"] as const) {
  test(`staff creates, publishes and then edits a ${kind}`, async ({ staffPage: page }, testInfo) => {
    test.setTimeout(60_000); // two full editor round trips and four screenshots on a shared 2-core machine
    const jsOff = !jsEnabled(testInfo);
    const title = `Test ${kind} ${testInfo.project.name} ${Date.now()}`;
    await openEditor(page, `/${kind}/new`, jsOff);
    await expect(
      page.getByRole("link", { name: kind === "course" ? /Back to courses/ : /Back to blog/ }),
    ).toHaveAttribute("href", kind === "course" ? "/courses" : "/blog");
    await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
    if (!jsOff) await screenshots(page, `${kind}-new`);

    // Publishing an empty form names the missing field and puts the cursor in it.
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText(kind === "job" ? "Job Title Field is empty" : "Title Field is empty")).toBeVisible();
    await expect(titleBox(page, kind)).toBeFocused();
    await expect(titleBox(page, kind)).toHaveAttribute("aria-invalid", "true");
    if (kind === "job") {
      for (const message of [
        "Please select a valid Job type",
        "Please select a valid Job Location",
        "Company Name Field is empty",
        "Kindly select the application deadline",
        "Enter how to apply: an e-mail address or a web address",
      ]) {
        await expect(page.getByText(message)).toBeVisible();
      }
    }
    if (kind === "course") await expect(page.getByText("Please fill the tutors field")).toBeVisible();

    await fillRequired(page, kind, title);
    await writeContent(page, jsOff, `First paragraph about the ${kind}.`);
    const id = await publish(page, kind, jsOff, created[kind]);

    const stored = await (await page.request.get(`/api/${apiPath[kind]}/${id}`)).json();
    expect(stored.title).toBe(title);
    expect(stored.content).toContain(`First paragraph about the ${kind}.`);
    if (kind === "job")
      expect([stored.jobType, stored.jobLocation, stored.companyName, stored.applicationDeadline]).toEqual([
        "Contract",
        "Hybrid",
        "Glow Studio Ltd",
        "2031-03-15",
      ]);
    if (kind === "course") expect([stored.tutors, stored.tag]).toEqual(["Ada Obi, Bisi Lawal", "Beauty"]);

    // Editing: the stored values are loaded, there is no Save, Publish updates (PATCH).
    await openEditor(page, `/edit/${kind}/${id}`, jsOff);
    await expect(titleBox(page, kind)).toHaveValue(title);
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    await expect(
      page.getByText(`First paragraph about the ${kind}.`).or(page.locator(`textarea:has-text("First paragraph")`)),
    ).toHaveCount(1);
    if (!jsOff) await screenshots(page, `${kind}-edit`);
    await titleBox(page, kind).fill(`${title} (edited)`);
    const sameId = await publish(page, kind, jsOff, updated[kind]);
    expect(sameId).toBe(id);
    expect(page.url()).toContain("edited");
    const after = await (await page.request.get(`/api/${apiPath[kind]}/${id}`)).json();
    expect(after.title).toBe(`${title} (edited)`);
    expect(after.content).toContain(`First paragraph about the ${kind}.`);
  });
}

test("a saved draft comes back after a reload", async ({ staffPage: page }, testInfo) => {
  const jsOff = !jsEnabled(testInfo);
  await openEditor(page, "/article/new", jsOff);
  await titleBox(page, "article").fill("Draft about braids");
  await writeContent(page, jsOff, "Half-written thoughts on braiding.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Post saved successfully")).toBeVisible();

  await openEditor(page, "/article/new", jsOff);
  await expect(page.getByText("Your saved draft was restored")).toBeVisible();
  await expect(titleBox(page, "article")).toHaveValue("Draft about braids");
  if (jsOff) await expect(contentBox(page)).toHaveValue(/Half-written thoughts on braiding\./);
  else await expect(contentBox(page)).toContainText("Half-written thoughts on braiding.");

  // Which draft came back, that it is not public, and a way to throw it away, behind a confirmation.
  const notice = page.locator(".restored-draft");
  await expect(notice).toContainText(/It was last saved .+ \(Lagos time\)\./);
  await expect(notice).toContainText("Nothing of it is public until you press Publish.");
  await notice.getByRole("link", { name: "Discard draft" }).click();
  if (jsOff) {
    await expect(page).toHaveURL(/\/admin\/drafts\/article\/discard$/);
    await expect(page.getByRole("heading", { name: "Discard this draft?" })).toBeVisible();
    await page.getByRole("button", { name: "Discard draft" }).click();
  } else {
    const dialog = page.getByRole("dialog", { name: "Discard this draft?" });
    await dialog.getByRole("button", { name: "Keep draft" }).click();
    await expect(dialog).toBeHidden();
    await notice.getByRole("link", { name: "Discard draft" }).click();
    await dialog.getByRole("button", { name: "Discard draft" }).click();
  }
  await expect(page).toHaveURL(/\/article\/new$/);
  await expect(toast(page, "Draft discarded")).toBeVisible();
  await expect(titleBox(page, "article")).toHaveValue("");
  await expect(page.locator(".restored-draft")).toHaveCount(0);
});

test("a featured image is uploaded, published, then removed", async ({ staffPage: page }, testInfo) => {
  const jsOff = !jsEnabled(testInfo);
  await openEditor(page, "/course/new", jsOff);
  await fillRequired(page, "course", `Course with picture ${testInfo.project.name} ${Date.now()}`);
  const png = { name: "cover.png", mimeType: "image/png", buffer: await pngBytes() };
  if (jsOff) {
    await page.locator('input[name="featuredFile"]').setInputFiles(png);
  } else {
    await page.getByLabel("Choose image: Featured image").setInputFiles(png);
    await expect(page.getByTestId("featuredImg-preview")).toHaveAttribute("src", /\/api\/images\/.+course\//);
    // Auto-save after the upload: the draft already holds the image.
    await expect
      .poll(async () => {
        const draft = await page.request.get("/api/draft/course");
        return draft.status() === 200 ? ((await draft.json()).featuredImg as string) : "";
      })
      .toMatch(/^course\//);
  }
  const id = await publish(page, "course", jsOff, "New Course Created");
  const stored = await (await page.request.get(`/api/courses/${id}`)).json();
  expect(stored.featuredImg).toMatch(/^course\/[0-9]+\/[a-z0-9]+$/);

  await openEditor(page, `/edit/course/${id}`, jsOff);
  await expect(page.getByTestId("featuredImg-preview")).toBeVisible();
  if (jsOff) await page.getByLabel("Remove this image").check();
  else await page.getByRole("button", { name: "Remove: Featured image" }).click();
  await publish(page, "course", jsOff, "Course Updated");
  expect((await (await page.request.get(`/api/courses/${id}`)).json()).featuredImg).toBe("");
});

test("the session ends mid-edit: re-login in the modal, nothing typed is lost, publish completes", async ({
  staffPage: page,
  staff,
}, testInfo) => {
  const jsOff = !jsEnabled(testInfo);
  const title = `Stylist wanted ${testInfo.project.name} ${Date.now()}`;
  await openEditor(page, "/job/new", jsOff);
  await fillRequired(page, "job", title);
  await writeContent(page, jsOff, "Long description typed before the session ended.");
  await endSessionsOf(staff.id);

  await page.getByRole("button", { name: "Publish" }).click();
  const modal = page.getByRole("dialog", { name: "Session Expired" });
  await expect(modal.getByText("Your session has expired, kindly login to continue with your work.")).toBeVisible();
  if (!jsOff) await screenshots(page, "session-modal");
  await modal.getByRole("button", { name: "Login" }).click();
  await expect(modal.getByText("Kindly input your email")).toBeVisible();
  await expect(modal.getByText("Kindly input your password")).toBeVisible();

  await modal.getByRole("textbox", { name: "Email" }).fill(staff.email);
  await modal.getByRole("textbox", { name: "Password" }).fill(staff.password);
  await modal.getByRole("button", { name: "Login" }).click();

  if (jsOff) {
    // The page comes back signed in with everything typed; Publish again.
    await expect(page.getByText("Welcome Back")).toBeVisible();
    await expect(modal).toHaveCount(0);
    await expect(titleBox(page, "job")).toHaveValue(title);
    await expect(contentBox(page)).toHaveValue(/Long description typed before the session ended\./);
    await page.getByRole("button", { name: "Publish" }).click();
  } else {
    // The pending publish completes by itself, and both notices show: the replayed publish's
    // toast must not overwrite the re-login's in the cookie.
    await expect(toast(page, "Welcome Back")).toBeVisible();
    await expect(toast(page, "New Job Created")).toBeVisible();
  }
  await page.waitForURL(/\/job\/[a-z0-9]+\/stylist-wanted/);
  const id = new URL(page.url()).pathname.split("/")[2];
  const stored = await (await page.request.get(`/api/jobs/${id}`)).json();
  expect(stored.title).toBe(title);
  expect(stored.content).toContain("Long description typed before the session ended.");
});

test("a script in the content never runs on the public page", async ({ staffPage: page }, testInfo) => {
  const jsOff = !jsEnabled(testInfo);
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const attack = `<p>Safe words</p><script>window.__pwned = 1; alert("xss")</script><img src="/nothing.png" onerror="window.__pwned = 2; alert('xss')">`;
  await openEditor(page, "/article/new", jsOff);
  await titleBox(page, "article").fill(`Script test ${testInfo.project.name} ${Date.now()}`);
  if (jsOff) {
    await contentBox(page).fill(attack); // the textarea takes raw HTML
  } else {
    // The rich-text editor only makes text; the raw HTML goes the way a forged post would.
    await writeContent(page, jsOff, "Safe words");
    await page
      .locator('input[type="hidden"][name="content"]')
      .evaluate((el, html) => ((el as HTMLInputElement).value = html), attack);
  }
  const id = await publish(page, "article", jsOff, "New Article Created");
  const stored = await (await page.request.get(`/api/articles/${id}`)).json();
  expect(stored.content).toContain("Safe words");
  expect(stored.content).toContain('src="/nothing.png"'); // the forged HTML did arrive…
  expect(stored.content).not.toMatch(/<script|onerror|__pwned/i); // …without its scripts

  await page.goto(page.url());
  if (!jsOff) expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("rich text: headings, bold, lists, quotes, links and an inline image reach the stored HTML", async ({
  staffPage: page,
}, testInfo) => {
  const jsOff = !jsEnabled(testInfo);
  await openEditor(page, "/article/new", jsOff);
  await titleBox(page, "article").fill(`Rich text ${testInfo.project.name} ${Date.now()}`);
  if (jsOff) {
    // Without JavaScript the textarea takes simple HTML.
    await contentBox(page).fill(
      '<h2>Big heading</h2><p>Some <strong>bold</strong> words</p><ul><li>item one</li></ul><blockquote>A quote</blockquote><p><a href="https://academy.example/">Visit us</a></p>',
    );
  } else {
    page.on("dialog", (d) => void d.accept("https://academy.example/"));
    await contentBox(page).click();
    await page.getByRole("combobox", { name: "Text style" }).selectOption("h2");
    await page.keyboard.type("Big heading");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Some ");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("bold");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(" words");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Bulleted list" }).click();
    await page.keyboard.type("item one");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Quote" }).click();
    await page.keyboard.type("A quote");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Visit us");
    await page.keyboard.press("Shift+Home");
    await page.getByRole("button", { name: "Link" }).click();
    await page.keyboard.press("End");
    await page
      .getByLabel("Insert image")
      .setInputFiles({ name: "inline.png", mimeType: "image/png", buffer: await pngBytes("#2a9d8f") });
    await expect(page.locator('[contenteditable="true"] img')).toHaveAttribute("src", /\/api\/images\/.+article\//);
  }
  const id = await publish(page, "article", jsOff, "New Article Created");
  const html: string = (await (await page.request.get(`/api/articles/${id}`)).json()).content;
  expect(html).toMatch(/<h2[^>]*>Big heading<\/h2>/);
  expect(html).toMatch(/<(strong|b)[^>]*>bold<\/(strong|b)>/);
  expect(html).toMatch(/<ul[^>]*><li[^>]*>item one<\/li><\/ul>/);
  expect(html).toMatch(/<blockquote[^>]*>A quote<\/blockquote>/);
  expect(html).toMatch(/<a href="https:\/\/academy\.example\/"[^>]*>Visit us<\/a>/);
  if (!jsOff) expect(html).toMatch(/<img src="\/api\/images\/[^"]+article\/[^"]+"/);
});
