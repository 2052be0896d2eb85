import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type Api, fileOf, insertCourse, pdfBytes, send, startApi } from "../api/harness";
import { validApplicant } from "../fixtures/registration";

// Third review, finding 2: one IPv6 /56 (256 /64s, each a new "address") filled the 512 MiB that
// every visitor's waiting files share, and saved forms held their files 14 days, renewable
// through `replaces`; a real applicant then got "We cannot take more files right now". Now each
// /56 and /48 has a share too, the last part of the cap is kept for a form from a quiet network,
// and saved forms keep files under their own allowance and never past 14 days from the upload.
// The rules at sizes a test reaches quickly (the real numbers are asserted once).
let api: Api;
let courseId: string;
beforeAll(async () => {
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  api = await startApi({ rateLimitFactor: 1 });
  courseId = (await insertCourse(api, "Hair Styling")).id;
});
afterAll(() => api.close());

const MiB = 1024 * 1024;
const quota = () => import("../../api/lib/upload-quota");
let restore: () => void = () => undefined;
beforeEach(async () => {
  restore();
  await api.db.deleteFrom("private_files").execute();
  await api.db.deleteFrom("saved_forms").execute();
  const { unclaimedCap, unclaimedReserve } = await quota();
  const real = { cap: unclaimedCap.bytes, reserve: unclaimedReserve.bytes };
  unclaimedCap.bytes = 60 * MiB;
  unclaimedReserve.bytes = 12 * MiB;
  restore = () => {
    unclaimedCap.bytes = real.cap;
    unclaimedReserve.bytes = real.reserve;
  };
});
afterAll(() => restore());

async function token() {
  const res = await send(api, "GET", "/api/applicant/upload-token");
  return ((await res.json()) as { token: string }).token;
}

async function upload(ip: string, options: { count?: number; size?: number; token?: string } = {}) {
  const { count = 3, size = 3 * MiB } = options;
  const form = new FormData();
  form.set("group", "idCards");
  for (let i = 0; i < count; i++) form.append("file", fileOf(pdfBytes(size), `id${i}.pdf`));
  const res = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: { "x-forwarded-for": ip, "x-upload-token": options.token ?? (await token()) },
  });
  const body = res.status === 201 ? ((await res.json()) as { public_id: string }[]) : await res.text();
  return { status: res.status, ids: Array.isArray(body) ? body.map((f) => f.public_id) : [], body };
}

describe("the shares of a /56 and a /48", () => {
  it("the real numbers", async () => {
    const { unclaimedShare, networkShares, savedShare } = await quota();
    restore();
    const { unclaimedCap, unclaimedReserve } = await quota();
    expect({
      cap: unclaimedCap.bytes / MiB,
      reserve: unclaimedReserve.bytes / MiB,
      perForm: unclaimedReserve.perForm / MiB,
      share: unclaimedShare.bytes / MiB,
      net56: networkShares.net56 / MiB,
      net48: networkShares.net48 / MiB,
      saved: [savedShare.bytes / MiB, savedShare.net56 / MiB, savedShare.net48 / MiB],
    }).toEqual({ cap: 512, reserve: 64, perForm: 18, share: 24, net56: 48, net48: 96, saved: [12, 24, 48] });
  });

  it("the review's fill from one /56 leaves a fresh network's applicant able to upload and register", async () => {
    const statuses: number[] = [];
    // 22 /64s of one /56, two 9 MiB uploads each (within each /64's 24 MiB).
    for (let i = 0; i < 22; i++)
      for (let n = 0; n < 2; n++)
        statuses.push((await upload(`2001:db8:aa:12${i.toString(16).padStart(2, "0")}::${n + 1}`)).status);
    // The /56's 48 MiB take five; before, the fill went on to the whole cap.
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual(Array(39).fill(429));
    const refused = await upload("2001:db8:aa:1277::9", { count: 2, size: 2 * MiB });
    expect(refused.body).toMatch(/^Many files from your network are waiting for their forms\./);

    const formToken = await token();
    const mine = await upload("2001:db8:bb:1::5", { count: 2, size: 2 * MiB, token: formToken });
    expect(mine.status).toBe(201);
    const registered = await send(api, "POST", "/api/applicant", {
      form: { ...validApplicant, courseId, files: mine.ids, submissionKey: formToken },
      headers: { "x-forwarded-for": "2001:db8:bb:1::5" },
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
  });

  it("a /48's many /56s stop at the /48's share", async () => {
    const { networkShares } = await quota();
    const real = networkShares.net48;
    networkShares.net48 = 30 * MiB;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await upload(`2001:db8:cc:${(i * 256).toString(16)}::1`)).status);
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
      expect((await upload("2001:db8:cd::1", { count: 1, size: MiB })).status).toBe(201);
    } finally {
      networkShares.net48 = real;
    }
  });
});

describe("the reserve for a quiet network", () => {
  it("networks that filled the rest of the cap cannot take the reserve; a fresh network's form can", async () => {
    // Five addresses, 9 MiB each: 45 of the 48 MiB outside the reserve.
    for (let i = 1; i <= 5; i++) expect((await upload(`198.51.100.${i}`)).status).toBe(201);
    // They go on with small files: the rest of the 48 MiB, then nothing.
    const more: number[] = [];
    for (let round = 0; round < 4; round++)
      for (let i = 1; i <= 5; i++) more.push((await upload(`198.51.100.${i}`, { count: 1, size: MiB })).status);
    expect(more.filter((s) => s === 201)).toHaveLength(3);
    expect(more.slice(3)).toEqual(Array(17).fill(429));
    // A real applicant from a network with nothing waiting: 6 MiB, in two calls with the page's token.
    const formToken = await token();
    expect((await upload("192.0.2.80", { count: 1, size: 3 * MiB, token: formToken })).status).toBe(201);
    expect((await upload("192.0.2.80", { count: 1, size: 3 * MiB, token: formToken })).status).toBe(201);
  });

  it("one form takes at most one registration's files (18 MiB) of the reserve", async () => {
    const { unclaimedReserve } = await quota();
    unclaimedReserve.bytes = 30 * MiB;
    for (let i = 1; i <= 3; i++) expect((await upload(`198.51.100.${i}`)).status).toBe(201);
    expect((await upload("198.51.100.4", { count: 1 })).status).toBe(201);
    const greedy = await token();
    const calls: number[] = [];
    for (let i = 0; i < 3; i++)
      calls.push((await upload("192.0.2.81", { count: 3, size: 2.5 * MiB, token: greedy })).status);
    expect(calls).toEqual([201, 201, 429]);
    expect((await upload("192.0.2.82", { count: 1 })).status).toBe(201);
  });
});

async function save(ip: string, files: string[], uploadToken: string, replaces?: string) {
  const res = await send(api, "POST", "/api/applicant/saved", {
    json: { fields: { firstname: "Ada" }, files, uploadToken, ...(replaces ? { replaces } : {}) },
    headers: { "x-forwarded-for": ip },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { token: string; filesKept: boolean };
}

describe("files kept by saved forms", () => {
  it("are never kept past 14 days from their upload, however often the form is saved again", async () => {
    const formToken = await token();
    const { ids } = await upload("192.0.2.90", { count: 1, size: 1024, token: formToken });
    const first = await save("192.0.2.90", ids, formToken);
    const at = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000 - 60_000).toISOString();
    await api.db
      .updateTable("private_files")
      .set({ created_at: at(13) })
      .execute();
    // Saved again on day 13 from the resumed form (a new page, a new upload token): the form lives on.
    const second = await save("192.0.2.90", ids, await token(), first.token);
    await api.db
      .updateTable("private_files")
      .set({ created_at: at(14) })
      .execute();
    const { runHousekeeping } = await import("../../api/housekeeping");
    await runHousekeeping();
    const left = await api.db.selectFrom("private_files").select("public_id").execute();
    expect(left).toEqual([]);
    const resumed = await send(api, "GET", `/api/applicant/saved/${second.token}`);
    expect(resumed.status).toBe(200);
    expect(((await resumed.json()) as { files: unknown[] }).files).toEqual([]);
  });

  it("have a small allowance per network: beyond it the form is saved, its files wait as any upload", async () => {
    const kept: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      const formToken = await token();
      const { ids, status } = await upload("2001:db8:ee:1::1", { count: 2, size: 2.5 * MiB, token: formToken });
      expect(status).toBe(201);
      kept.push((await save("2001:db8:ee:1::1", ids, formToken)).filesKept);
    }
    // 5 MiB a form, 12 MiB a /64: two forms keep their files, the third does not.
    expect(kept).toEqual([true, true, false]);
    const held = await api.db.selectFrom("private_files").select("saved_form").execute();
    expect(held.filter((r) => r.saved_form !== null)).toHaveLength(4);
    // The saved files are not in the /64's share of files waiting for a form: it may upload on.
    expect((await upload("2001:db8:ee:1::2", { count: 3, size: 3 * MiB })).status).toBe(201);
  });
});

describe("files belong to the form that uploaded them", () => {
  it("a registration or a saved form cannot claim another form's files", async () => {
    const victim = await token();
    const theirs = await upload("192.0.2.100", { count: 1, size: 1024, token: victim });
    const attacker = await token();
    const mine = await upload("203.0.113.100", { count: 1, size: 1024, token: attacker });
    const registered = await send(api, "POST", "/api/applicant", {
      // Its own person (not one who applied for the course already: docs/decisions/100), so the files decide.
      form: {
        ...validApplicant,
        courseId,
        email: "attacker@example.com",
        files: [...mine.ids, ...theirs.ids],
        submissionKey: attacker,
      },
      headers: { "x-forwarded-for": "203.0.113.100" },
    });
    expect(registered.status).toBe(400);
    const saved = await save("203.0.113.100", theirs.ids, attacker);
    const row = await api.db
      .selectFrom("private_files")
      .select(["applicant_id", "saved_form"])
      .where("public_id", "=", theirs.ids[0])
      .executeTakeFirstOrThrow();
    expect({ row, kept: saved.filesKept }).toEqual({ row: { applicant_id: null, saved_form: null }, kept: false });
    // The victim's own form still gets them.
    const own = await send(api, "POST", "/api/applicant", {
      form: { ...validApplicant, courseId, email: "own@example.com", files: theirs.ids, submissionKey: victim },
      headers: { "x-forwarded-for": "192.0.2.100" },
    });
    expect(own.status, await own.clone().text()).toBe(201);
  });
});
