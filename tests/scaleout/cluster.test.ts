import { execFileSync } from "node:child_process";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { newTotpSecret } from "../../api/auth/two-factor";
import { WRITE_SETTLE_MS } from "../../api/lib/proxy-cache";
import { codeFor } from "../api/harness";
import { honeypotToken, uploadToken, validRegistration } from "../security/web/server";
import {
  emptyDatabase,
  enableTwoFactor,
  exited,
  instance,
  startInstance,
  startProxy,
  stopAll,
  storedApplicants,
  URLS,
  visitCount,
  waitFor,
} from "./cluster";

// The scale-out proof: two instances and nginx on one PostgreSQL (docs/deploy.md).
const ORIGIN = { origin: URLS.proxy };
// Where a stored registration is redirected (THANK_YOU_PATH in app/features/registration/registration.server.ts).
const THANK_YOU = "/registration-form/received";
let cookie = "";

beforeAll(async () => {
  await emptyDatabase();
  // Both start together: the advisory lock lets one migrate.
  await Promise.all([startInstance("a"), startInstance("b")]);
  await startProxy();
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", "staff@scaleout.test"], {
    env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, NODE_ENV: "test" },
    encoding: "utf8",
  });
  const password = /: (\S+)\s*$/.exec(out.trim())![1];
  const secret = newTotpSecret();
  await enableTwoFactor("staff@scaleout.test", secret);
  const login = await fetch(`${URLS.a}/api/auth/login/password`, {
    method: "POST",
    headers: { "content-type": "application/json", ...ORIGIN },
    body: JSON.stringify({ username: "staff@scaleout.test", password }),
  });
  expect(login.status).toBe(200);
  const pending = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  // The code step, through the other instance: the waiting session is shared too.
  const code = await fetch(`${URLS.b}/api/auth/login/code`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: pending, ...ORIGIN },
    body: JSON.stringify({ code: await codeFor(secret) }),
  });
  expect(code.status).toBe(200);
  cookie = code.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}, 90_000);
afterAll(stopAll, 30_000);

/** "ok" when the page came whole (200 and its closing tag), or what went wrong. */
async function wholePage(url: string) {
  try {
    const res = await fetch(url);
    const body = await res.text();
    if (res.status !== 200) return `status ${res.status}`;
    return body.includes("</html>") ? "ok" : "no closing tag";
  } catch (e) {
    return `${(e as Error).message} (${String((e as Error).cause)})`;
  }
}

/** Whether nginx answers `path` from its page cache: three quick tries, as a second's turn may expire an entry. */
async function cachedByProxy(path: string) {
  for (let i = 0; i < 3; i++) {
    await fetch(`${URLS.proxy}${path}`);
    if ((await fetch(`${URLS.proxy}${path}`)).headers.get("x-cache") === "HIT") return true;
  }
  return false;
}

const staff = (init: RequestInit = {}) => ({
  ...init,
  headers: { cookie, ...ORIGIN, ...(init.headers as Record<string, string>) },
});

/** Publishes a course through A, as staff. */
const createCourse = (title: string) =>
  fetch(
    `${URLS.a}/api/courses`,
    staff({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        title,
        tutors: "Ada",
        featuredImg: "",
        tag: "",
        tipColor: "#112233",
        content: "<p>x</p>",
      }),
    }),
  );

describe("two instances behind nginx on one PostgreSQL", () => {
  it("a session opened through A acts through B", async () => {
    const res = await fetch(`${URLS.b}/api/applicants`, staff());
    expect(res.status).toBe(200);
  });

  it("a course published through A is read through B and through nginx on the next request", async () => {
    // nginx holds the list before the publish (a HIT within the same second).
    expect(await cachedByProxy("/courses")).toBe(true);
    for (const url of [URLS.b, URLS.proxy])
      expect(await (await fetch(`${url}/courses`)).text()).not.toContain("Shared Course");
    const start = Date.now();
    const created = await createCourse("Shared Course");
    expect(created.status).toBe(201);
    // The write answers only once nginx can hold no page read before it (api/lib/proxy-cache.ts).
    expect(Date.now() - start).toBeGreaterThanOrEqual(WRITE_SETTLE_MS);
    // Several visitors at once: none is given the old page while nginx fetches the new one.
    const pages = await Promise.all(
      [URLS.b, ...Array<string>(8).fill(URLS.proxy)].map(async (url) => (await fetch(`${url}/courses`)).text()),
    );
    pages.forEach((page, i) => expect(page, `visitor ${i}`).toContain("Shared Course"));
    for (let i = 0; i < 4; i++)
      expect(await (await fetch(`${URLS.proxy}/courses.data`)).text(), `data through nginx, #${i + 1}`).toContain(
        "Shared Course",
      );
  });

  it("nginx keeps anonymous public pages and their data briefly, never a staff answer, a form page or an undated answer", async () => {
    expect(await cachedByProxy("/blog")).toBe(true);
    expect(await cachedByProxy("/courses.data")).toBe(true);
    const page = await fetch(`${URLS.proxy}/blog`);
    // The instance's word to nginx stays between them.
    expect(page.headers.get("x-accel-expires")).toBeNull();
    expect(page.headers.get("cache-control")).toMatch(/^public/);

    const asStaff = await fetch(`${URLS.proxy}/blog`, staff());
    expect(asStaff.headers.get("x-cache")).toBe("BYPASS");
    expect(asStaff.headers.get("cache-control")).toBe("private, no-store");
    expect(await cachedByProxy("/registration-form")).toBe(false);
    expect(await cachedByProxy("/api/courses")).toBe(false);
    // Public for an hour, but not dated by the instance: passed through, never stored.
    expect(await cachedByProxy("/sitemap.xml")).toBe(false);
  });

  it("nginx keeps the Lite and the full page apart (decision 041): Save-Data, the cookie, the way back", async () => {
    const runnable = (html: string) => (html.match(/<script(?![^>]*application\/ld\+json)/g) ?? []).length;
    const as = async (headers: Record<string, string>) => {
      // Twice within the second: the second answer comes from nginx's copy for that mode.
      await fetch(`${URLS.proxy}/blog`, { headers });
      const res = await fetch(`${URLS.proxy}/blog`, { headers });
      return { cache: res.headers.get("x-cache"), scripts: runnable(await res.text()) };
    };
    for (let round = 0; round < 2; round++) {
      const full = await as({});
      const saveData = await as({ "Save-Data": "on" });
      const chosen = await as({ cookie: "academy_lite=on" });
      const back = await as({ cookie: "academy_lite=off", "Save-Data": "on" });
      expect(full.scripts).toBeGreaterThan(0);
      expect(saveData.scripts).toBe(0);
      expect(chosen.scripts).toBe(0);
      expect(back.scripts).toBeGreaterThan(0);
    }
    expect(await cachedByProxy("/blog")).toBe(true);
  });

  it("an image uploaded through A is served by B", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(png)]), "x.png");
    form.set("asset_folder", "scaleout");
    const up = await fetch(`${URLS.a}/api/images`, staff({ method: "POST", body: form }));
    expect(up.status).toBe(201);
    const { public_id } = (await up.json()) as { public_id: string };
    const img = await fetch(`${URLS.b}/api/images/f_auto,c_limit,w_360/${public_id}`, {
      headers: { accept: "image/webp" },
    });
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).width).toBe(40);
  });

  it("applicant files uploaded through A are downloaded by staff through B", async () => {
    const form = new FormData();
    form.set("group", "idCards");
    form.set("file", new Blob(["%PDF-1.4 scaleout"]), "id.pdf");
    // The token the registration page carries, issued by B and taken by A (one key on every instance).
    const { token } = (await (await fetch(`${URLS.b}/api/applicant/upload-token`)).json()) as { token: string };
    const up = await fetch(`${URLS.a}/api/applicant/files`, {
      method: "POST",
      headers: { ...ORIGIN, "x-upload-token": token },
      body: form,
    });
    expect(up.status).toBe(201);
    const [file] = (await up.json()) as { public_id: string }[];
    const down = await fetch(`${URLS.b}/api/files/${file.public_id}`, staff());
    expect(down.status).toBe(200);
    expect(await down.text()).toBe("%PDF-1.4 scaleout");
    expect((await fetch(`${URLS.b}/api/files/${file.public_id}`)).status).toBe(401);
  });

  it("a rate limit counts across instances: half through A, half through B", async () => {
    const send = (url: string) =>
      fetch(`${url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", ...ORIGIN },
        body: JSON.stringify({
          fullname: "Ada Obi",
          email: "ada@example.ng",
          phone: "08012345678",
          issue: 1,
          message: "Hello",
        }),
      });
    // One sender's allowance (5 messages an hour, docs/security.md), used up across the two.
    for (let i = 0; i < 3; i++) expect((await send(URLS.a)).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await send(URLS.b)).status).toBe(201);
    const refused = await send(URLS.a);
    expect(refused.status).toBe(429);
  });

  it("kill -9 of one instance under load: no page view fails, no acknowledged submission is lost, it rejoins", async () => {
    let stop = false;
    const failures: string[] = [];
    const acknowledged: string[] = [];
    let views = 0;
    const viewer = async () => {
      for (let i = 0; !stop; i++) {
        // A page view counts whole: its status and all of its body (a page cut halfway is a failure).
        const view = await wholePage(`${URLS.proxy}/about?v=${i}`);
        views++;
        if (view !== "ok") failures.push(`GET /about: ${view}`);
      }
    };
    // Whole registrations, as a visitor sends them: the form page (its anti-spam token), then the
    // multipart post with an ID file. Acknowledged = redirected to the thank-you screen. Each
    // comes from its own address (X-Forwarded-For, trusted from nginx) so the per-visitor limit
    // is not what refuses them.
    const submitter = async (who: number) => {
      for (let i = 0; !stop; i++) {
        const from = { ...ORIGIN, "x-forwarded-for": `10.77.${who}.${i % 250}` };
        const page = await fetch(`${URLS.proxy}/registration-form`, { headers: from }).catch(() => undefined);
        if (page?.status !== 200) continue;
        const html = await page.text().catch((e: Error) => {
          failures.push(`GET /registration-form cut: ${e.message}`);
          return undefined;
        });
        if (html === undefined) continue;
        const form = new FormData();
        // The form sends the course's id (docs/product.md §7).
        const fields: Record<string, string> = validRegistration(`fault-${who}-${i}`, faultCourse);
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append("name__confirm", "");
        form.append("from__confirm", honeypotToken(html));
        // The page's upload token, without which the API takes no ID file (docs/security.md).
        form.append("uploadToken", uploadToken(html));
        form.append("idCardFiles", new File([`%PDF-1.4 fault ${who} ${i}`], "id.pdf", { type: "application/pdf" }));
        const res = await fetch(`${URLS.proxy}/registration-form`, {
          method: "POST",
          headers: from,
          body: form,
          redirect: "manual",
        }).catch(() => undefined);
        if (res?.status === 302 && res.headers.get("location") === THANK_YOU) acknowledged.push(fields["email"]);
      }
    };
    const created = await createCourse("Fault Course");
    expect(created.status).toBe(201);
    const faultCourse = ((await created.json()) as { _id: string })._id;
    const load = [viewer(), viewer(), viewer(), submitter(1), submitter(2)];
    await new Promise((r) => setTimeout(r, 700));
    instance("b").kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 1500));
    await startInstance("b");
    await new Promise((r) => setTimeout(r, 700));
    stop = true;
    await Promise.all(load);
    expect(failures).toEqual([]);
    expect(views).toBeGreaterThan(20);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(await storedApplicants(acknowledged)).toEqual([...acknowledged].sort());
    // B has rejoined: it answers on its own port and through nginx's pool.
    await waitFor(`${URLS.b}/about`);
  }, 60_000);

  it("a rolling restart (SIGTERM one, then the other) drops no request; each exits within 10 s", async () => {
    let stop = false;
    const failures: string[] = [];
    const viewer = async () => {
      for (let i = 0; !stop; i++) {
        const res = await fetch(`${URLS.proxy}/contact?r=${i}`).catch((e: Error) => ({ status: e.message }));
        if (res.status !== 200) failures.push(`GET ${res.status}`);
      }
    };
    const load = [viewer(), viewer()];
    for (const name of ["a", "b"] as const) {
      const child = instance(name);
      child.kill("SIGTERM");
      expect(await exited(child)).toBeLessThan(10_000);
      await startInstance(name);
      // nginx tries a failed instance again after fail_timeout (2 s, deploy/nginx.conf).
      await new Promise((r) => setTimeout(r, 2500));
    }
    stop = true;
    await Promise.all(load);
    expect(failures).toEqual([]);
  }, 90_000);

  it("visit counts from both instances add up in one row, and each writes what it held when stopped (SIGTERM)", async () => {
    // The instances hold counts in memory for VISIT_FLUSH_SECONDS (300 here, tests/scaleout/cluster.ts):
    // what reaches the database below was written by the stops (docs/decisions/064-cookie-free-visit-counts.md).
    const label = `scaleout-${Date.now().toString(36)}`;
    const phone = {
      "user-agent":
        "Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
    };
    // A distinct query per visit: nginx's page cache keeps each address apart, so every visit reaches an instance.
    const visits = (base: string, from: number) =>
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${base}/about?utm_source=${label}&v=${from + i}`, { headers: phone }).then((r) => r.status),
      );
    const statuses = await Promise.all([...visits(URLS.a, 0), ...visits(URLS.b, 100), ...visits(URLS.proxy, 200)]);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await visitCount(label)).toBe(0);
    for (const name of ["a", "b"] as const) {
      const child = instance(name);
      child.kill("SIGTERM");
      await exited(child);
    }
    expect(await visitCount(label)).toBe(300);
    // Both back, for whatever runs after.
    await Promise.all([startInstance("a"), startInstance("b")]);
  }, 90_000);
});

// The academy's settings are read from memory on every instance (api/lib/settings.ts); a save
// through one empties every copy, on the others through the relay, and answers once nginx holds
// no page read before it (docs/decisions/060).
describe("settings behind nginx", () => {
  it("a settings change made through A is seen on the next request through B and through nginx", async () => {
    const { DEFAULT_SETTINGS } = await import("../../domain/settings-defaults");
    // Each instance has read (and keeps) the settings, and nginx holds the page.
    expect(await cachedByProxy("/about")).toBe(true);
    for (const url of [URLS.a, URLS.b, URLS.proxy])
      expect(await (await fetch(`${url}/about`)).text()).toContain("+234 803 000 0000");
    const start = Date.now();
    const saved = await fetch(
      `${URLS.a}/api/settings`,
      staff({
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          ...DEFAULT_SETTINGS,
          contact: { ...DEFAULT_SETTINGS.contact, phones: ["0809 555 1234"], hours: "Every day, 8am to 8pm" },
        }),
      }),
    );
    expect(saved.status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(WRITE_SETTLE_MS);
    const pages = await Promise.all(
      [URLS.b, URLS.a, ...Array<string>(6).fill(URLS.proxy)].map(async (url) => (await fetch(`${url}/about`)).text()),
    );
    pages.forEach((page, i) => {
      expect(page, `visitor ${i}`).toContain("+234 809 555 1234");
      expect(page, `visitor ${i}`).not.toContain("+234 803 000 0000");
    });
    expect(await (await fetch(`${URLS.b}/contact`)).text()).toContain("Every day, 8am to 8pm");
    // The API's own answer through B (mails read the same copy).
    const fromB = (await (await fetch(`${URLS.b}/api/settings`)).json()) as { contact: { phones: string[] } };
    expect(fromB.contact.phones).toEqual(["+2348095551234"]);
  }, 60_000);
});

// The page content and the legal texts are read from memory on every instance, as the settings
// (api/lib/page-content.ts, api/lib/legal-texts.ts): a save through one instance is seen on the
// next request through the other and through nginx (docs/decisions/070, 071).
describe("page content and the privacy notice behind nginx", () => {
  it("a privacy notice saved through A and an about page saved through B are seen at once everywhere", async () => {
    const { DEFAULT_LEGAL_TEXTS } = await import("../../domain/legal-defaults");
    const { typedLegal } = await import("../../domain/legal-texts");
    const { DEFAULT_PAGE_CONTENT } = await import("../../domain/page-content-defaults");
    const heading = "Photographs in class";
    const mission = "Skills that pay, taught in a working salon.";
    // Each instance has read (and keeps) both, and nginx holds the about page.
    expect(await cachedByProxy("/about")).toBe(true);
    for (const url of [URLS.a, URLS.b, URLS.proxy]) {
      const privacy = await (await fetch(`${url}/privacy`)).text();
      // The seeded notice's newest version (domain/legal-defaults.ts), before the save below.
      expect(privacy).toContain(`Version ${DEFAULT_LEGAL_TEXTS.privacy.versions.length}.`);
      expect(privacy).not.toContain(heading);
      expect(await (await fetch(`${url}/about`)).text()).not.toContain(mission);
    }
    // nginx holds the privacy page too, once an instance has rendered it warm.
    expect(await cachedByProxy("/privacy")).toBe(true);

    const seeded = typedLegal(DEFAULT_LEGAL_TEXTS.privacy);
    const start = Date.now();
    const savedA = await fetch(
      `${URLS.a}/api/legal/privacy`,
      staff({
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          ...seeded,
          sections: [...seeded.sections, { heading, text: "Ask us to leave you out." }],
        }),
      }),
    );
    expect(savedA.status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(WRITE_SETTLE_MS);
    const savedB = await fetch(
      `${URLS.b}/api/page-content`,
      staff({
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ about: [{ ...DEFAULT_PAGE_CONTENT.about[0], mission }] }),
      }),
    );
    expect(savedB.status).toBe(200);

    const urls = [URLS.b, URLS.a, ...Array<string>(6).fill(URLS.proxy)];
    const privacyPages = await Promise.all(urls.map(async (url) => (await fetch(`${url}/privacy`)).text()));
    privacyPages.forEach((page, i) => {
      expect(page, `visitor ${i}`).toContain(heading);
      expect(page, `visitor ${i}`).toContain(`Version ${DEFAULT_LEGAL_TEXTS.privacy.versions.length + 1}.`);
    });
    const aboutPages = await Promise.all(urls.map(async (url) => (await fetch(`${url}/about`)).text()));
    aboutPages.forEach((page, i) => expect(page, `visitor ${i}`).toContain(mission));
    // The API's own answer through B: the version a registration through B would record.
    const fromB = (await (await fetch(`${URLS.b}/api/legal/privacy`)).json()) as { version: number };
    expect(fromB.version).toBe(DEFAULT_LEGAL_TEXTS.privacy.versions.length + 1);
  }, 60_000);
});
