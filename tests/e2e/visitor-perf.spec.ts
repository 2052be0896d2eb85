import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";

import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";

import { expect, jsEnabled, test } from "./fixtures";
import { firstHref, ready } from "./visitor-helpers";

// What does not depend on the machine's speed (docs/decisions/022-render-cache.md): layout shift, target sizes, link
// names and the HTTP caching each kind of page gets.

/** Cumulative Layout Shift as the browser reports it (layout-shift entries without recent input). */
async function cumulativeLayoutShift(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!e.hadRecentInput) total += e.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        // Let hydration, fonts and images settle before reading.
        setTimeout(() => resolve(total), 1500);
      }),
  );
}

/**
 * A phone-sized tab to measure in. The measurement itself is a script, so "JavaScript off" is
 * a tab whose page scripts are blocked: the page never hydrates, as for a visitor without it.
 */
async function measuringTab(browser: Browser, baseURL: string | undefined, info: TestInfo) {
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 823 }, javaScriptEnabled: true });
  if (!jsEnabled(info)) await context.route(/\.js(\?|$)/, (route) => route.abort());
  return { page: await context.newPage(), close: () => context.close() };
}

for (const path of ["/", "/courses", "/blog", "course page"]) {
  test(`${path} does not shift while it loads and hydrates (CLS ≤ 0.02)`, async ({
    browser,
    baseURL,
    page: lister,
  }, testInfo) => {
    let target = path;
    if (path === "course page") {
      await lister.goto("/courses");
      target = await firstHref(lister, "/course/");
    }
    const tab = await measuringTab(browser, baseURL, testInfo);
    await tab.page.goto(target);
    await ready(tab.page, testInfo);
    expect(await cumulativeLayoutShift(tab.page)).toBeLessThanOrEqual(0.02);
    await tab.close();
  });
}

test("the home page's controls are large enough to hit (axe target-size)", async ({ browser, baseURL }, testInfo) => {
  const tab = await measuringTab(browser, baseURL, testInfo);
  await tab.page.goto("/");
  await ready(tab.page, testInfo);
  if (jsEnabled(testInfo)) await expect(tab.page.locator(".hero .carousel-dot")).toHaveCount(4);
  const results = await new AxeBuilder({ page: tab.page }).withRules(["target-size"]).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
  await tab.close();
});

test("every link on the home page says where it goes", async ({ page }, testInfo) => {
  await page.goto("/");
  await ready(page, testInfo);
  const snapshot = await page.locator("body").ariaSnapshot();
  const names = [...snapshot.matchAll(/- link "([^"]*)"/g)].map((m) => m[1].trim());
  expect(names.length).toBeGreaterThan(20);
  const vague = /^(learn more|see more|read more|more|click here|here|link)$/i;
  expect(names.filter((n) => !n || vague.test(n))).toEqual([]);
  // A slide's vague "Learn More" carries its slide's title for screen readers (docs/decisions/071).
  expect(names).toContain("Learn More about Personalized Guidance");
  expect(names).toContain("See More posts on the blog");
});

test("pages without anything interactive ship no JavaScript", async ({ page }) => {
  for (const path of ["/about", "/privacy", "/terms", "/no-such-page"]) {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(path);
    expect(await page.locator("script").count(), path).toBe(0);
    expect(scripts, path).toEqual([]);
    page.removeAllListeners("request");
  }
  // Their Contact links are plain links to the page that works without JavaScript.
  await page.goto("/about");
  await expect(page.locator("a[href='/contact']").first()).toBeVisible();
});

// A page leaves its instance whole, compressed there and with its length: never streamed in
// pieces that a proxy could pass on half of when the instance dies (docs/deploy.md, "The proxy").
test("every page, stored or rendered for one visitor, is sent whole with its Content-Length", async ({ baseURL }) => {
  for (const path of ["/courses", "/registration-form"]) {
    const { headers, bytes } = await rawGet(`${baseURL}${path}`, { "Accept-Encoding": "br, gzip" });
    expect(headers["content-encoding"], path).toBe("br");
    expect(headers["transfer-encoding"], path).toBeUndefined();
    expect(Number(headers["content-length"]), path).toBe(bytes.byteLength);
    expect(zlib.brotliDecompressSync(bytes).toString("utf8"), path).toContain("</html>");
  }
});

/** A GET answered as the server sent it: headers and the body's bytes, nothing decoded. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

test("each kind of page gets the right Cache-Control, and a repeat visit costs a 304", async ({
  playwright,
  baseURL,
  staffPage,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const page = await anonymous.get("/courses");
  expect(page.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  const etag = page.headers()["etag"];
  expect(etag).toMatch(/^W\/"/);
  const again = await anonymous.get("/courses", { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
  expect(again.headers()["content-security-policy"]).toBeUndefined();
  // The page is rendered once and stored: every anonymous visitor gets the same bytes, sent
  // compressed as stored, and its policy allows its own scripts by hash, never by a nonce
  // (a nonce shared by every visitor would be no nonce).
  const stored = async () => {
    const res = await anonymous.get("/courses", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(res.headers()["content-encoding"]).toBe("br");
    expect(res.headers()["vary"]).toMatch(/Accept-Encoding/);
    expect(csp).not.toContain("nonce-");
    const body = await res.text();
    expect(body).not.toContain("nonce=");
    const inline = [...body.matchAll(/<script>([\s\S]*?)<\/script>|<script type="module"[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, classic, module] of inline) {
      const hash = crypto
        .createHash("sha256")
        .update(classic ?? module)
        .digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    return { csp, body };
  };
  const [first, second] = [await stored(), await stored()];
  expect(second).toEqual(first);
  const data = await anonymous.get("/courses.data");
  expect(data.headers()["cache-control"]).toContain("public");
  // A form page carries a per-visitor token: never shared, never stored.
  const form = await anonymous.get("/registration-form");
  expect(form.headers()["cache-control"]).toBe("private, no-store");
  // A page rendered for one response keeps a nonce of its own.
  const nonce = /'nonce-([^']+)'/.exec(form.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(await form.text()).toContain(`nonce="${nonce}"`);
  expect((await anonymous.get("/contact")).headers()["cache-control"]).toBe("private, no-store");
  expect((await anonymous.get("/contact.json")).headers()["cache-control"]).toBe("private, no-store");
  await anonymous.dispose();
  // Anything answered to a staff session, public pages included.
  for (const path of ["/admin/applicants", "/courses"]) {
    const res = await staffPage.request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cache-control"], path).toBe("private, no-store");
  }
});

test("a stored page's scripts run under its hash-only policy: it hydrates and navigates in place", async ({
  page,
}, testInfo) => {
  const refused: string[] = [];
  page.on(
    "console",
    (m) => m.type() === "error" && /Content Security Policy/i.test(m.text()) && refused.push(m.text()),
  );
  await page.goto("/courses");
  await page.goto("/courses"); // the second visitor's copy: the stored one
  await ready(page, testInfo);
  const href = await firstHref(page, "/course/");
  if (jsEnabled(testInfo)) {
    // A client navigation keeps the window: the app runs, not only its inline data.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.locator(`main .card a[href='${href}']`).first().click();
    await expect(page).toHaveURL(href);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  } else {
    await page.locator(`main .card a[href='${href}']`).first().click();
    await expect(page).toHaveURL(href);
  }
  expect(refused).toEqual([]);
});

// The first paint waits for no script: the page's modules are fetched after it
// (docs/decisions/045-first-paint-like-the-blog.md). A measurement, so JavaScript is on in both modes.
test("a page paints before it fetches any of its modules, then hydrates", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 823 }, javaScriptEnabled: true });
  const page = await context.newPage();
  await page.goto("/");
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
  const seen = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    const modules = performance
      .getEntriesByType("resource")
      .filter((e) => /\/build\/.+\.js$/.test(new URL(e.name).pathname))
      .map((e) => e.startTime);
    return {
      paint,
      modules: modules.length,
      firstModule: Math.min(...modules),
      preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    };
  });
  expect(seen.preloads).toBe(0);
  expect(seen.modules).toBeGreaterThan(10);
  expect(seen.firstModule).toBeGreaterThan(seen.paint);
  await context.close();
});
