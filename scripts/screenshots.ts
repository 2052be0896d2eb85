// Full-page pictures of every visitor page, desktop and phone, JavaScript on and off, for a person
// to look at (nothing is asserted: the journeys in tests/e2e do that).
// Usage: start the site (npm start), then `npm run screenshots [-- --base http://localhost:3000 --out dir]`.
import path from "node:path";

import { chromium, type Page } from "@playwright/test";

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};
const base = arg("base", "http://localhost:3000");
const out = path.resolve(arg("out", ".cache/screenshots"));
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 740 } };

/** The first card link on a list page whose href starts with `prefix`. */
async function firstHref(page: Page, list: string, prefix: string) {
  await page.goto(new URL(list, base).href);
  const href = await page.locator(`main .card a[href^='${prefix}']`).first().getAttribute("href");
  if (!href) throw new Error(`${list} has no link starting with ${prefix}`);
  return href;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  const pages = {
    home: "/",
    about: "/about",
    courses: "/courses",
    blog: "/blog",
    course: await firstHref(page, "/courses", "/course/"),
    article: await firstHref(page, "/blog?postType=article", "/article/"),
    job: await firstHref(page, "/blog?jobs", "/job/"),
    privacy: "/privacy",
    terms: "/terms",
    contact: "/contact",
    notfound: "/nope",
  };
  await page.close();
  for (const javaScriptEnabled of [true, false]) {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ javaScriptEnabled, viewport });
      const shot = await context.newPage();
      for (const [name, href] of Object.entries(pages)) {
        await shot.goto(new URL(href, base).href);
        // Bring lazy images in before the picture.
        await shot.evaluate(() =>
          document.querySelectorAll("img[loading=lazy]").forEach((i) => i.setAttribute("loading", "eager")),
        );
        await shot.waitForLoadState("networkidle");
        const file = path.join(out, `js-${javaScriptEnabled ? "on" : "off"}-${size}-${name}.png`);
        await shot.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
