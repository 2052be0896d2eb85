import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";

// Lite mode (docs/decisions/041-lite-mode.md): Save-Data or the footer's switch gets every public
// page without scripts, with one small, low-quality variant per image; the caches keep it apart.

/** Script elements a browser would run (structured data is not run: it stays for search engines). */
const runnableScripts = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>/g)].filter((m) => !m[0].includes('type="application/ld+json"')).length;
const imageUrls = (html: string) =>
  [...html.matchAll(/<img\b[^>]*>/g)].flatMap((m) => [
    ...(m[0].match(/src="([^"]+)"/)?.slice(1) ?? []),
    ...(m[0]
      .match(/srcSet="([^"]+)"/)?.[1]
      .split(", ")
      .map((s) => s.split(" ")[0]) ?? []),
  ]);
/** The pixel width an image URL asks for (width × device pixel ratio). */
const pixels = (url: string) => Number(url.match(/w_(\d+)/)?.[1]) * Number(url.match(/dpr_(\d)/)?.[1] ?? 1);

async function coursePage(request: APIRequestContext) {
  const list = await (await request.get("/courses")).text();
  return list.match(/href="(\/course\/[^"]+)"/)![1];
}

for (const [how, headers] of [
  ["Save-Data: on", { "Save-Data": "on" }],
  ["the Lite cookie", { Cookie: "academy_lite=on" }],
] as const) {
  test(`${how} gets pages without scripts and with smaller, lighter images`, async ({ request }) => {
    const course = await coursePage(request);
    for (const path of ["/", "/courses", "/registration-form", course]) {
      const full = await request.get(path);
      const lite = await request.get(path, { headers });
      expect(lite.status()).toBe(200);
      const [fullHtml, liteHtml] = [await full.text(), await lite.text()];
      expect(runnableScripts(fullHtml), path).toBeGreaterThan(0);
      expect(runnableScripts(liteHtml), path).toBe(0);
      expect(liteHtml).not.toContain('rel="modulepreload"');
      expect(lite.headers()["vary"]).toMatch(/Save-Data/);
      expect(lite.headers()["vary"]).toMatch(/Cookie/);
      expect(liteHtml.length).toBeLessThan(fullHtml.length);
    }
    // The course's picture: one variant, narrower than any the full page offers, at low quality;
    // the cards' decorative pictures (empty alt) are left out.
    const fullImages = imageUrls(await (await request.get(course)).text());
    const liteImages = imageUrls(await (await request.get(course, { headers })).text());
    expect(liteImages.length).toBeGreaterThan(0);
    expect(Math.max(...liteImages.map(pixels))).toBeLessThan(Math.min(...fullImages.map(pixels)));
    expect(liteImages.every((url) => url.includes("q_auto:low"))).toBe(true);
    const liteList = await (await request.get("/courses", { headers })).text();
    expect(imageUrls(liteList)).toEqual([]);
  });
}

test("the footer's Lite switch works without JavaScript, is remembered, and leads back", async ({ page }) => {
  await page.goto("/courses");
  const scripts = page.locator("script:not([type='application/ld+json'])");
  expect(await scripts.count()).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Lite version (no scripts, fewer images)" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByText("You are reading the Lite version.")).toBeVisible();
  await expect(scripts).toHaveCount(0);
  // Remembered: the next page is Lite too.
  await page.goto("/blog");
  await expect(scripts).toHaveCount(0);
  await page.getByRole("button", { name: "Full version" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(await scripts.count()).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "Lite version (no scripts, fewer images)" })).toBeVisible();
});

test("a visitor who chose the full site gets it even with Save-Data on", async ({ request }) => {
  const html = await (await request.get("/", { headers: { "Save-Data": "on", Cookie: "academy_lite=off" } })).text();
  expect(runnableScripts(html)).toBeGreaterThan(0);
});

test("the switch refuses a destination off this site", async ({ request, baseURL }) => {
  const res = await request.post("/lite", {
    form: { mode: "on", to: "//evil.example/" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(400);
  expect(res.headers()["set-cookie"]).toBeUndefined();
});
