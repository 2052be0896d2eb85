import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, fileOf, insertCourse, pdfBytes, rowCount, send, startApi } from "../api/harness";
import { validApplicant } from "../fixtures/registration";

// Third review, item 9: the registration form's one-submission key was its upload token alone, so
// two applicants sending the phone's kept copy of the form (one token) got one application: the
// second was answered with the first's reference and status link. Now the key is the token
// together with what was typed.
let api: Api;
let courseId: string;
beforeAll(async () => {
  api = await startApi();
  courseId = (await insertCourse(api, "Hair Styling")).id;
});
afterAll(() => api.close());

async function idCard(token: string) {
  const form = new FormData();
  form.set("group", "idCards");
  form.set("file", fileOf(pdfBytes(), "nin.pdf"));
  const res = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: { "x-upload-token": token },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { public_id: string }[])[0].public_id;
}

type Registered = { _id: string; reference: string; statusToken: string };
async function register(token: string, person: Record<string, string>) {
  const res = await send(api, "POST", "/api/applicant", {
    form: { ...validApplicant, courseId, ...person, files: await idCard(token), submissionKey: token },
  });
  return { status: res.status, body: (await res.json()) as Registered };
}

describe("one upload token, two applicants", () => {
  it("two people sending the phone's kept copy of the form get two applications; a resend of one is still one", async () => {
    const { token } = (await (await send(api, "GET", "/api/applicant/upload-token")).json()) as { token: string };
    const first = await register(token, { firstname: "Amaka", email: "amaka@example.com" });
    const second = await register(token, { firstname: "Ngozi", email: "ngozi@example.com", phone: "+2348039876543" });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.reference).not.toBe(first.body.reference);
    // Ngozi's link opens Ngozi's application, not Amaka's.
    const page = await send(api, "GET", `/api/application/${second.body.statusToken}`);
    expect(((await page.json()) as { reference: string }).reference).toBe(second.body.reference);
    // Amaka's double tap (the same fields, her files uploaded again) is her one application.
    const again = await register(token, { firstname: "Amaka", email: "amaka@example.com" });
    expect({ status: again.status, reference: again.body.reference }).toEqual({
      status: 200,
      reference: first.body.reference,
    });
    expect(await rowCount(api, "applicants")).toBe(2);
  });
});
