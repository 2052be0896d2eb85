import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, rowCount, send, signedInStaff, startApi } from "../api/harness";

// Item 11: a page on another site posting to the API (SameSite=Lax lets a top-level form post
// through to anonymous calls) is refused; calls without browser headers still work.
let api: Api;
beforeAll(async () => {
  api = await startApi({ rateLimitFactor: 1 });
});
afterAll(() => api.close());

const message = {
  fullname: "Ada Obi",
  email: "ada@example.com",
  phone: "08012345678",
  issue: "1",
  message: "Hello from somewhere.",
};

describe("cross-site posts", () => {
  it.each([
    ["Origin of another site", { origin: "https://evil.example" }],
    ["Origin null (sandboxed frame)", { origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    [
      "Sec-Fetch-Site cross-site even with a same-looking Origin",
      { "sec-fetch-site": "cross-site", origin: "http://localhost:3000" },
    ],
  ])("refuses a form post with %s (403) and stores nothing", async (_name, headers) => {
    const res = await send(api, "POST", "/api/contact", { form: message, headers });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("This request came from another site and was refused");
    expect(await rowCount(api, "contact_messages")).toBe(0);
  });

  it("refuses a cross-site login and reset request too", async () => {
    const headers = { origin: "https://evil.example" };
    expect(
      (
        await send(api, "POST", "/api/auth/login/password", {
          json: { username: "a@academy.test", password: "x" },
          headers,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await send(api, "PATCH", "/api/auth/password-reset", {
          json: { token: "x".repeat(20), password: "Fresh#Start2026" },
          headers,
        })
      ).status,
    ).toBe(403);
  });

  it.each([
    ["no Origin (server-to-server, curl)", {}],
    ["the site's own Origin (PUBLIC_URL)", { origin: "http://localhost:3000" }],
    ["the API's own origin", "self"],
    ["Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin" }],
  ])("accepts a post with %s", async (_name, headers) => {
    const h = headers === "self" ? { origin: api.base } : headers;
    expect((await send(api, "POST", "/api/contact", { form: message, headers: h })).status).toBe(201);
  });

  it("lets cross-site GETs through (reading is not changing)", async () => {
    expect(
      (
        await send(api, "GET", "/api/courses", {
          headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        })
      ).status,
    ).toBe(200);
  });
});

describe("a sibling subdomain is not this site", () => {
  let cookie = "";
  const course = { title: "Planted course", tutors: "Nobody", content: "<p>From a sibling site.</p>" };
  beforeAll(async () => {
    cookie = (await signedInStaff(api, "sibling.staff@academy.test")).cookie;
  });

  it.each([
    [
      "Sec-Fetch-Site: same-site and a sibling's Origin",
      { "sec-fetch-site": "same-site", origin: "http://blog.localhost:3000" },
    ],
    ["Sec-Fetch-Site: same-site and no Origin", { "sec-fetch-site": "same-site" }],
    [
      "Sec-Fetch-Site: same-origin but a sibling's Origin",
      { "sec-fetch-site": "same-origin", origin: "http://blog.localhost:3000" },
    ],
  ])("a staff form post with %s publishes nothing (403)", async (_name, headers) => {
    const res = await send(api, "POST", "/api/courses", { cookie, form: course, headers });
    expect(res.status).toBe(403);
    expect(await rowCount(api, "courses")).toBe(0);
  });

  it("the same post from the site itself publishes (the cookie is good)", async () => {
    const headers = { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" };
    expect((await send(api, "POST", "/api/courses", { cookie, form: course, headers })).status).toBe(201);
  });
});
