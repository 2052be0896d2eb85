import AxeBuilder from "@axe-core/playwright";

import { expect, jsEnabled, test } from "./fixtures";
import { htmlErrors, serverHtml } from "./html-checker";
import { signInThroughApi, toast } from "./staff-helpers";
import { withPageContentLock } from "./visitor-helpers";

// The home page's content blocks in the browser, JavaScript on and off (docs/product.md, "Page
// content"; docs/decisions/070): an Editor adds an FAQ and a team member and moves them up, with
// the form's own buttons; a save missing a field keeps what was typed; the home and about pages
// show them in that order; restoring the version before takes them away; Admissions cannot open
// the page or call the API.

test.describe("an Editor", () => {
  test.use({ staffRole: "editor" });

  test("adds an FAQ and a team member and moves them up: the home page shows them so; a restore takes them away", async ({
    staffPage: page,
    staff,
  }, testInfo) => {
    test.setTimeout(120_000);
    const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const question = `Can I visit before I enrol? ${tag}`;
    const member = `Zainab Musa ${tag}`;
    await withPageContentLock(async () => {
      await page.goto("/admin/content");
      await expect(page.getByRole("heading", { name: "Page content", level: 1 })).toBeVisible();
      const history = page.getByRole("region", { name: "History" });
      const currentRow = history.getByRole("row").filter({ hasText: "Current" });
      const before = (await currentRow.count()) ? Number(await currentRow.locator("td").first().innerText()) : 0;

      // An FAQ added at the end, filled, moved up one place: nothing saved until Save.
      await page.getByRole("button", { name: "Add an FAQ" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Not saved yet" })).toBeVisible();
      await page.locator("#content-faqs11question").fill(question);
      await page.locator("#content-faqs11answer").fill("Yes: come any weekday.\n\nAsk for the front desk.");
      await page.getByRole("button", { name: "Move up: FAQ 12" }).click();
      await expect(page.locator("#content-faqs10question")).toHaveValue(question);
      await expect(page.locator("#content-faqs11question")).toHaveValue("What do I need to bring on the first day?");

      // A team member added without a position: the field's message, everything typed kept, nothing saved.
      await page.getByRole("button", { name: "Add a team member" }).click();
      await page.locator("#content-team7name").fill(member);
      // And the first slide's second button sent off the site: refused at its field.
      await page.locator("#content-slides0button2Label").fill("See our courses");
      await page.locator("#content-slides0button2Link").fill("//evil.example");
      await page.getByRole("button", { name: "Save page content" }).first().click();
      await expect(page.locator("#content-slides0button2Link-error")).toHaveText(
        "A button's link must be a page of this site (starting with /) or start with https://",
      );
      await expect(page.locator("#content-slides0button2Label")).toHaveValue("See our courses");
      await page.locator("#content-slides0button2Link").fill("/courses");
      await expect(page.locator("#content-team7position-error")).toHaveText("Please fill this in");
      await expect(page.locator("#content-team7position")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#content-team7name")).toHaveValue(member);
      await expect(page.locator("#content-faqs10question")).toHaveValue(question);
      await expect(page.getByRole("alert").filter({ hasText: "Nothing was saved" })).toBeVisible();

      // Filled, moved up to the fourth place (the home page shows the first four), saved with
      // Why Us's new title.
      await page.locator("#content-team7position").fill("Admissions Officer");
      await page.locator("#content-whyUs0title").fill(`Why study with us ${tag}`);
      // And the about page's mission, in two paragraphs (docs/decisions/071).
      await page.locator("#content-about0mission").fill(`Skills that pay ${tag}.\n\nAnd the sense to use them.`);
      // One move at a time: each answer redraws the form, and a button pressed before it arrives
      // sends the form as it was.
      for (const n of [8, 7, 6, 5]) {
        await page.getByRole("button", { name: `Move up: Team member ${n}` }).click();
        await expect(page.locator(`#content-team${n - 2}name`)).toHaveValue(member);
      }
      await expect(page.locator("#content-team3name")).toHaveValue(member);
      await page.getByRole("button", { name: "Save page content" }).last().click();
      await expect(toast(page, "Page content saved.")).toBeVisible();
      await expect(page.locator("#content-team3name")).toHaveValue(member);
      await expect(history.getByRole("row").nth(1)).toContainText("FAQs, Team, Slides, Why Us, About page");

      // A visitor sees both, in that order.
      await page.context().clearCookies();
      await page.goto("/");
      const questions = await page.locator("#FAQs summary").allInnerTexts();
      expect(questions.slice(-3)).toEqual([
        "Do you help graduates find work?",
        question,
        "What do I need to bring on the first day?",
      ]);
      await expect(page.getByRole("heading", { level: 2, name: `Why study with us ${tag}` })).toBeVisible();
      await expect(page.locator(".hero a[href='/courses']", { hasText: "See our courses" })).toHaveCount(1);
      await expect(page.locator(".hero a[href='/about']")).toHaveCount(3);
      const names = page.locator(".team .team-name");
      await expect(names).toHaveCount(4);
      await expect(names.nth(3)).toHaveText(member);
      await page.goto("/about");
      await expect(page.locator(".team-name")).toHaveCount(8);
      await expect(page.locator(".team-name").nth(3)).toHaveText(member);
      const mission = page.locator(".mission").filter({ has: page.getByRole("heading", { name: "Our Mission" }) });
      await expect(mission.locator("p")).toHaveText([`Skills that pay ${tag}.`, "And the sense to use them."]);

      // The Editor restores the version before: both gone.
      await signInThroughApi(page, staff);
      await page.goto("/admin/content");
      await page.getByRole("button", { name: `Restore version ${before}` }).click();
      await expect(toast(page, "brought back as the newest version")).toBeVisible();
      await page.context().clearCookies();
      await page.goto("/");
      await expect(page.locator("#FAQs summary")).toHaveCount(11);
      await expect(page.getByText(question)).toHaveCount(0);
      await expect(page.getByText(member)).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 2, name: "Why Choose Us" })).toBeVisible();
      await expect(page.locator(".hero a[href='/courses']")).toHaveCount(0);
      await page.goto("/about");
      await expect(page.getByText(`Skills that pay ${tag}.`)).toHaveCount(0);
    });
  });
});

test.describe("an Admissions member", () => {
  test.use({ staffRole: "admissions" });

  test("cannot open the page content: 403 from the page and from the API", async ({ staffPage: page }) => {
    const res = await page.goto("/admin/content");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account cannot open this page");
    const api = await page.request.put("/api/page-content", { data: { faqs: [] } });
    expect(api.status()).toBe(403);
    expect((await page.request.get("/api/page-content/revisions")).status()).toBe(403);
    expect((await page.request.post("/api/page-content/revisions/0/restore")).status()).toBe(403);
  });
});

test("the page content page, with a refused value marked, passes the Nu HTML Checker and axe", async ({
  staffPage: page,
}, testInfo) => {
  test.setTimeout(60_000);
  const errors = await htmlErrors({ content: await serverHtml(page.request, "/admin/content") });
  expect(errors, errors.join("\n")).toEqual([]);
  // Axe runs in the page: with JavaScript only (the js-off page is the same server HTML, checked above).
  if (!jsEnabled(testInfo)) return;
  await page.goto("/admin/content");
  await page.locator("#content-faqs0question").fill("");
  await page.getByRole("button", { name: "Save page content" }).first().click();
  await expect(page.locator("#content-faqs0question-error")).toBeVisible();
  const violations = (await new AxeBuilder({ page }).analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
