import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, fileOf, insertCourse, pdfBytes, rowCount, send, startApi, uploadTokenHeader } from "../api/harness";
import { validApplicant } from "../fixtures/registration";

// Limits that fit real people (docs/security.md, "Rate limits"): many applicants share one public
// IPv4 address (a carrier's NAT, a cyber café, the academy's open-day Wi-Fi) and must all get
// through, while a flood from one address is stopped and does not harm anyone else. Real limits
// (factor 1); the API sits behind a trusted proxy on 127.0.0.1, so X-Forwarded-For plays the addresses.
let api: Api;
let courseId: string;
beforeAll(async () => {
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  api = await startApi({ rateLimitFactor: 1 });
  courseId = (await insertCourse(api, "Hair Styling")).id;
});
afterAll(() => api.close());

const from = (ip: string) => ({ "x-forwarded-for": ip });

/** A person's registration: their own e-mail and phone, one ID card uploaded first. */
function applicant(n: number) {
  const digits = String(n).padStart(7, "0");
  return { ...validApplicant, email: `applicant${n}@example.com`, phone: `+234803${digits}`, courseId };
}

async function upload(ip: string) {
  const form = new FormData();
  form.set("group", "idCards");
  form.set("file", fileOf(pdfBytes(), "nin.pdf"));
  const res = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: { ...from(ip), ...(await uploadTokenHeader(api)) },
  });
  if (res.status !== 201) {
    await res.text();
    return { status: res.status, id: undefined };
  }
  const [stored] = (await res.json()) as { public_id: string }[];
  return { status: res.status, id: stored.public_id };
}

async function register(ip: string, person: Record<string, string>, fileId: string | undefined) {
  const res = await send(api, "POST", "/api/applicant", {
    form: { ...person, ...(fileId ? { files: fileId } : { files: "applicants/000000000000000000000000" }) },
    headers: from(ip),
  });
  return { status: res.status, text: await res.text(), retryAfter: res.headers.get("retry-after") };
}

const contact = (ip: string, email: string) =>
  send(api, "POST", "/api/contact", {
    json: { fullname: "Ada Obi", email, phone: "08012345678", issue: 1, message: "Hello there, a question." },
    headers: from(ip),
  });

describe("a crowd behind one address", () => {
  it("registers 60 distinct applicants from one address within the hour", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 60; n++) {
      const file = await upload("198.51.100.60");
      expect(file.status).toBe(201);
      statuses.push((await register("198.51.100.60", applicant(n), file.id)).status);
    }
    expect(statuses).toEqual(Array(60).fill(201));
    expect(await rowCount(api, "applicants")).toBe(60);
  });

  it("takes 60 contact messages from 60 people at one address", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 60; n++) {
      const res = await contact("198.51.100.61", `visitor${n}@example.com`);
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses).toEqual(Array(60).fill(201));
  });
});

describe("a flood from one address", () => {
  it("stops 1,000 automated registrations (most refused 429); the next real applicant, elsewhere, gets through", async () => {
    const { LIMITS } = await import("../../api/limits");
    const counts: Record<number, number> = {};
    for (let n = 0; n < 1000; n++) {
      // The bot changes e-mail and phone every time, so only the address can tie its posts together.
      const file = await upload("203.0.113.66");
      const { status } = await register("203.0.113.66", applicant(100_000 + n), file.id);
      counts[status] = (counts[status] ?? 0) + 1;
    }
    expect(counts[201]).toBe(LIMITS.registrationsPerIp.points);
    expect(counts[429]).toBe(1000 - LIMITS.registrationsPerIp.points);
    expect(counts[429]).toBeGreaterThan(800);

    const file = await upload("192.0.2.66");
    expect(file.status).toBe(201);
    // A person not met before in this file (one person applies for a course once: docs/decisions/100).
    const next = await register("192.0.2.66", applicant(900_007), file.id);
    expect(next.status).toBe(201);
  }, 180_000);

  it("stops 1,000 automated contact messages (most refused 429); the next visitor, elsewhere, gets through", async () => {
    const counts: Record<number, number> = {};
    for (let n = 0; n < 1000; n++) {
      const res = await contact("203.0.113.67", `bot${n}@example.com`);
      counts[res.status] = (counts[res.status] ?? 0) + 1;
      await res.text();
    }
    expect(counts[429]).toBeGreaterThan(800);
    expect((counts[201] ?? 0) + (counts[429] ?? 0)).toBe(1000);
    expect((await contact("192.0.2.67", "real.person@example.com")).status).toBe(201);
  }, 120_000);
});

describe("limits per person, from any address", () => {
  it("takes at most 5 registrations a day for one e-mail address, and for one phone number however it is written", async () => {
    const byEmail: number[] = [];
    for (let n = 0; n < 6; n++) {
      const file = await upload(`192.0.2.${100 + n}`);
      // Five people sharing an address (a family's, each with their own date of birth): one person's
      // second application for the course would be refused as already made (docs/decisions/100).
      const sharing = { ...applicant(200 + n), email: "same.person@example.com", dob: `2001-04-${10 + n}` };
      byEmail.push((await register(`192.0.2.${100 + n}`, sharing, file.id)).status);
    }
    expect(byEmail).toEqual([201, 201, 201, 201, 201, 429]);

    const spellings = [
      "+2348091112222",
      "08091112222",
      "0809 111 2222",
      "234-809-111-2222",
      "+234 809 111 2222",
      "08091112222",
    ];
    const byPhone: number[] = [];
    for (const [n, phone] of spellings.entries()) {
      const file = await upload(`192.0.2.${120 + n}`);
      byPhone.push((await register(`192.0.2.${120 + n}`, { ...applicant(300 + n), phone }, file.id)).status);
    }
    expect(byPhone).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("takes at most 5 contact messages an hour from one e-mail address", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const res = await contact(`192.0.2.${140 + n}`, "Chatty@Example.com");
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
