import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  allRowCounts,
  type Api,
  chunksOf,
  fileOf,
  pdfBytes,
  type Send,
  send,
  sendLarge,
  signedInStaff,
  startApi,
  statusAndText,
  uploadTokenHeader,
} from "./harness";

// Rules every call follows: staff calls need a session, bodies are JSON or forms of a bounded
// size, and refusals are plain text that write nothing.
let api: Api;
let cookie: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
});
afterAll(() => api.close());

const ID = "0123456789abcdef01234567";
const course = { title: "Hair", tutors: "Ada" };
const article = { title: "Article" };
const job = {
  title: "Job",
  jobType: "Contract",
  jobLocation: "Remote",
  companyName: "Glow",
  applicationDeadline: "2030-01-01",
  howToApply: "jobs@glow.ng",
};
const imageForm = () => {
  const form = new FormData();
  form.set("file", fileOf(Buffer.from("x"), "x.png"));
  return form;
};

describe("every staff call answers 401 without a session, and writes nothing", () => {
  const staffCalls: [string, string, Send?][] = [
    ["GET", "/api/draft/job"],
    ["GET", "/api/draft/article"],
    ["GET", "/api/draft/course"],
    ["POST", "/api/draft", { json: { postType: "article", title: "x" } }],
    ["POST", "/api/courses", { json: course }],
    ["PATCH", `/api/courses/${ID}`, { json: course }],
    ["POST", "/api/articles", { json: article }],
    ["PATCH", `/api/articles/${ID}`, { json: article }],
    ["POST", "/api/jobs", { json: job }],
    ["PATCH", `/api/jobs/${ID}`, { json: job }],
    ["POST", "/api/images", { multipart: imageForm() }],
    ["GET", "/api/contact"],
    ["GET", "/api/applicants"],
    ["GET", `/api/applicants/${ID}`],
    ["GET", `/api/files/applicants/${ID}`],
    ["GET", "/api/auth/isloggedin"],
  ];
  it.each(staffCalls)("%s %s", async (method, path, body) => {
    const before = await allRowCounts(api);
    const { status, text } = await statusAndText(await send(api, method, path, body));
    expect(status).toBe(401);
    expect(text.length).toBeGreaterThan(0);
    expect(await allRowCounts(api)).toEqual(before);
  });

  it("answers 401 before looking at the body", async () => {
    expect(
      (await send(api, "POST", "/api/courses", { raw: { body: "{broken", type: "application/json" } })).status,
    ).toBe(401);
  });
});

describe("bodies", () => {
  const jsonCalls: [string, string][] = [
    ["POST", "/api/auth/login/password"],
    ["POST", "/api/auth/password-reset"],
    ["PATCH", "/api/auth/password-reset"],
    ["POST", "/api/contact"],
    ["POST", "/api/draft"],
    ["POST", "/api/courses"],
    ["PATCH", `/api/courses/${ID}`],
    ["POST", "/api/articles"],
    ["POST", "/api/jobs"],
    ["POST", "/api/applicant"],
  ];

  it.each(jsonCalls)("%s %s refuses broken JSON with 400 and writes nothing", async (method, path) => {
    const before = await allRowCounts(api);
    expect(
      await statusAndText(
        await send(api, method, path, { cookie, raw: { body: '{"title": "Hair', type: "application/json" } }),
      ),
    ).toEqual({ status: 400, text: "The request body is not valid JSON" });
    expect(await allRowCounts(api)).toEqual(before);
  });

  it.each(jsonCalls)("%s %s refuses a JSON array or null with 400", async (method, path) => {
    for (const body of ["[1,2]", "null", '"text"'])
      expect(
        await statusAndText(await send(api, method, path, { cookie, raw: { body, type: "application/json" } })),
      ).toEqual({ status: 400, text: "The request body is not valid JSON" });
  });

  it.each(jsonCalls)(
    "%s %s refuses a body that is neither JSON nor a form with 415 and writes nothing",
    async (method, path) => {
      const before = await allRowCounts(api);
      for (const raw of [
        { body: "title=Hair", type: "text/plain" },
        { body: "<title>Hair</title>", type: "application/xml" },
        { body: "title=Hair" },
      ]) {
        expect(await statusAndText(await send(api, method, path, { cookie, raw }))).toEqual({
          status: 415,
          text: "Send the body as JSON or as a form",
        });
      }
      expect(await allRowCounts(api)).toEqual(before);
    },
  );

  it.each([
    ["POST", "/api/auth/login/password", 16 * 1024],
    ["POST", "/api/contact", 32 * 1024],
    ["POST", "/api/applicant", 64 * 1024],
    ["POST", "/api/draft", 1024 * 1024],
    ["POST", "/api/courses", 1024 * 1024],
    ["POST", "/api/jobs", 1024 * 1024],
    ["PATCH", `/api/articles/${ID}`, 1024 * 1024],
  ])("%s %s refuses a body over %i bytes with 413 and writes nothing", async (method, path, limit) => {
    const before = await allRowCounts(api);
    const body = new TextEncoder().encode(
      JSON.stringify({ title: "Big", postType: "article", fullname: "x", message: "x".repeat(limit) }),
    );
    const headers = { "content-type": "application/json", cookie };
    expect(await sendLarge(api, method, path, { headers, chunks: chunksOf(body) })).toEqual({
      status: 413,
      text: "The request is too large",
    });
    expect(await allRowCounts(api)).toEqual(before);
  });

  it("answers 404, not 413, for a large body sent to an address that does not exist", async () => {
    const body = new TextEncoder().encode(JSON.stringify({ message: "x".repeat(2 * 1024 * 1024) }));
    const headers = { "content-type": "application/json", cookie };
    expect(await sendLarge(api, "POST", "/api/nope", { headers, chunks: chunksOf(body) })).toEqual({
      status: 404,
      text: "Not found",
    });
  });

  it("measures the body itself when no Content-Length is given (chunked)", async () => {
    const body = new TextEncoder().encode(
      new URLSearchParams({ fullname: "x", message: "y".repeat(64 * 1024) }).toString(),
    );
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    expect(
      await sendLarge(api, "POST", "/api/contact", { headers, chunks: chunksOf(body, 8192), contentLength: false }),
    ).toEqual({ status: 413, text: "The request is too large" });
    expect((await allRowCounts(api)).contact_messages).toBe(0);
  });

  // Three camera photos of up to 15 MB each are read (the API shrinks them, docs/decisions/036).
  it("refuses applicant files over three times 15MB in one request with 413", async () => {
    const form = new FormData();
    form.set("group", "idCards");
    for (let i = 0; i < 4; i++) form.append("file", fileOf(pdfBytes(12 * 1024 * 1024), `f${i}.pdf`));
    const multipart = new Response(form);
    const body = new Uint8Array(await multipart.arrayBuffer());
    const headers = { "content-type": multipart.headers.get("content-type")!, ...(await uploadTokenHeader(api)) };
    expect(await sendLarge(api, "POST", "/api/applicant/files", { headers, chunks: chunksOf(body) })).toEqual({
      status: 413,
      text: "The request is too large",
    });
    expect((await allRowCounts(api)).private_files).toBe(0);
  });

  it("refuses an image over 8MB with 413", async () => {
    const form = new FormData();
    form.set("file", fileOf(Buffer.alloc(8 * 1024 * 1024 + 70 * 1024), "huge.png"));
    const multipart = new Response(form);
    const body = new Uint8Array(await multipart.arrayBuffer());
    const headers = { "content-type": multipart.headers.get("content-type")!, cookie };
    expect(await sendLarge(api, "POST", "/api/images", { headers, chunks: chunksOf(body) })).toEqual({
      status: 413,
      text: "The request is too large",
    });
  });
});

describe("answers", () => {
  it("answers 404 in plain text for an unknown path", async () => {
    const res = await send(api, "GET", "/api/nothing-here");
    expect(await statusAndText(res)).toEqual({ status: 404, text: "Not found" });
  });

  it("sends refusals as plain text, and every answer with nosniff and no-store", async () => {
    const refused = await send(api, "GET", "/api/post?postType=x");
    expect(refused.headers.get("content-type")).toMatch(/^text\/plain/);
    const list = await send(api, "GET", "/api/courses");
    expect(list.headers.get("content-type")).toMatch(/^application\/json/);
    for (const res of [refused, list]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });
});
