import { dayFromToday } from "../fixtures/intake";
import { expect, hydrated, jsEnabled, test } from "./fixtures";
import { htmlErrors, serverHtml } from "./html-checker";
import { makeCourse, makeIntake } from "./intake-helpers";
import { registerApplicant } from "./staff-helpers";

// Visit counts in the browser, JavaScript on and off (docs/decisions/064-cookie-free-visit-counts.md):
// a visitor on a phone (a browser that is not headless: the counter leaves robots out) searches
// the courses for a word nothing matches and arrives from a flyer's link; after the next flush the
// Admin's insights page shows both, each figure a server-drawn chart with its table beside it.
const PHONE =
  "Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

test("a visitor's search that found nothing and a flyer's visit appear on the insights page after a flush", async ({
  browser,
  staffPage: page,
}, testInfo) => {
  test.setTimeout(60_000);
  const tag = `${testInfo.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const word = `zzqx${tag}`;
  const visitor = await browser.newContext({
    userAgent: PHONE,
    javaScriptEnabled: jsEnabled(testInfo),
    baseURL: testInfo.project.use.baseURL,
  });
  const phone = await visitor.newPage();
  await phone.goto(`/?utm_source=flyer-${tag}`);
  await phone.goto("/courses");
  if (jsEnabled(testInfo)) await hydrated(phone);
  const search = phone.getByRole("searchbox").first();
  await search.fill(word);
  await search.press("Enter");
  await expect(phone).toHaveURL(new RegExp(`search=${word}`));
  await visitor.close();

  await expect
    .poll(
      async () => {
        await page.goto("/admin/insights");
        return page.getByRole("table", { name: "Searches with no results" }).innerText();
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .toContain(word);
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Campaign sources (utm_source)" })).toContainText(`flyer-${tag}`);
  // Every figure is a picture with its numbers: the charts are images named for what they show.
  for (const chart of ["Visits per day", "Top pages", "Phone, tablet or desktop", "Admissions funnel"])
    await expect(page.getByRole("img", { name: new RegExp(`^Chart: ${chart} `) })).toBeVisible();
  await expect(page.getByRole("table", { name: "Top pages" })).toContainText("/courses");
  await expect(page.getByRole("table", { name: "Phone, tablet or desktop" })).toContainText("Phone");
  await expect(page.getByRole("table", { name: "Admissions funnel" })).toContainText("Course page views");

  // The CSV of a table holds the same rows.
  const csv = await page.request.get("/admin/insights.csv?table=nothing");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(word);

  // The filters are a plain GET form: a range the page cannot read is said, not an error.
  await page.goto("/admin/insights?from=2020-01-01&to=2026-01-01");
  await expect(page.getByText("Those days could not be read")).toBeVisible();
  await expect(page.getByRole("img", { name: /^Chart: Visits per day / })).toBeVisible();

  // Charts inline in the page are valid HTML (the Nu HTML Checker), once per run.
  if (jsEnabled(testInfo)) {
    const errors = await htmlErrors({ insights: await serverHtml(page.request, "/admin/insights") });
    expect(errors, errors.join("\n")).toEqual([]);
  }
});

// The funnel of one intake: the plain GET form offers a course's intakes once the course is
// chosen; the intake's applications are its own, its page and form views the course's.
test("the admissions funnel of one intake, picked in the page's form", async ({ staffPage: page }, testInfo) => {
  const tag = `${testInfo.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const title = `Funnel Braiding ${tag}`;
  const course = (await makeCourse(page.request, title))._id;
  const intakeIds: string[] = [];
  for (const start of [dayFromToday(20), dayFromToday(80)])
    intakeIds.push(
      await makeIntake(page.request, course, {
        startDate: start,
        scheduleKind: "weekday",
        schedule: "Mon–Fri 9am–1pm",
        campus: `Funnel campus ${tag}`,
        closesOn: dayFromToday(10),
      }),
    );
  // Two applications for the first intake, one for the second.
  for (const [n, intakeId] of [intakeIds[0], intakeIds[0], intakeIds[1]].entries())
    await registerApplicant(page.request, {
      firstname: "Ngozi",
      lastname: "Okafor",
      email: `funnel.${n}.${tag}@example.com`,
      courseId: course,
      intakeId,
      emergencyFullname: "Chidi Okafor",
    });

  await page.goto("/admin/insights");
  await expect(page.getByLabel("Intake (once a course is chosen)")).toHaveCount(0);
  await page.getByLabel("Course (for the funnel)").selectOption({ label: title });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`course=${course}`));
  const intakeChoice = page.getByLabel("Intake (once a course is chosen)");
  await expect(intakeChoice.locator("option")).toHaveCount(3);
  await intakeChoice.selectOption(intakeIds[0]!);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`intake=${intakeIds[0]}`));
  const heading = page.getByRole("heading", { name: /^Admissions funnel of the intake starting / });
  await expect(heading).toBeVisible();
  await expect(page.getByText("a visitor does not say which intake they will choose")).toBeVisible();
  await expect(page.getByRole("table", { name: "Admissions funnel" })).toContainText("Applications");
  await expect(page.getByRole("heading", { name: "Per course" })).toHaveCount(0);
  // The CSV link keeps the intake: the file holds the same numbers.
  const href = await page
    .locator('section[aria-labelledby="funnel"]')
    .getByRole("link", { name: /Download CSV/ })
    .getAttribute("href");
  expect(href).toContain(`intake=${intakeIds[0]}`);
  const csv = await page.request.get(href!);
  expect(await csv.text()).toContain("Applications,2");
  if (jsEnabled(testInfo)) {
    const errors = await htmlErrors({
      intake: await serverHtml(page.request, new URL(page.url()).pathname + new URL(page.url()).search),
    });
    expect(errors, errors.join("\n")).toEqual([]);
  }
});

test.describe("an Editor", () => {
  test.use({ staffRole: "editor" });

  test("reads the content figures but not the admissions funnel, and cannot download it", async ({
    staffPage: page,
  }) => {
    await page.goto("/admin/insights");
    await expect(page.getByRole("img", { name: /^Chart: Visits per day / })).toBeVisible();
    await expect(page.getByRole("table", { name: "Top pages" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admissions funnel" })).toHaveCount(0);
    await expect(page.getByLabel("Course (for the funnel)")).toHaveCount(0);
    expect((await page.request.get("/admin/insights.csv?table=funnel")).status()).toBe(403);
    expect((await page.request.get("/admin/insights.csv?table=pages")).status()).toBe(200);
  });
});
