import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, createStaff, pngBytes, rowCount, send, signedInStaff, startApi } from "../api/harness";

// Item 2: scrypt shares libuv's pool with file reads; a burst of resets or logins must neither
// hash for nothing nor take every thread.
let api: Api;
let imagePath: string;
beforeAll(async () => {
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  api = await startApi({ rateLimitFactor: 1 });
  const { cookie } = await signedInStaff(api);
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await pngBytes(400, 250))], "x.png"));
  form.set("asset_folder", "course/1");
  const { public_id } = await (await send(api, "POST", "/api/images", { multipart: form, cookie })).json();
  imagePath = `/api/images/w_360,h_225,c_fill,f_auto,q_auto/${public_id}`;
  expect((await send(api, "GET", imagePath)).status).toBe(200); // made and cached
});
afterAll(() => api.close());

async function timed(path: string) {
  const start = performance.now();
  const res = await send(api, "GET", path);
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - start };
}

describe("password hashing under a burst", () => {
  it("32 concurrent resets with a bogus token hash nothing, and a cached image stays quick meanwhile", async () => {
    const { takeHashingPeak } = await import("../../api/auth/password");
    takeHashingPeak();
    const burst = Array.from({ length: 32 }, (_, i) =>
      send(api, "PATCH", "/api/auth/password-reset", {
        json: { token: `bogus-token-${i}-xxxxxxxx`, password: "Fresh#Start2026" },
        headers: { "x-forwarded-for": `203.0.113.${i}` },
      }),
    );
    const during = await timed(imagePath);
    const answers = await Promise.all(burst);
    expect(answers.map((r) => r.status)).toEqual(Array(32).fill(400));
    expect(takeHashingPeak()).toBe(0);
    expect(during.status).toBe(200);
    expect(during.ms).toBeLessThan(1500);
  });

  it("16 concurrent logins never run more than 2 hashes at once, and the image is still served", async () => {
    const { takeHashingPeak, MAX_CONCURRENT_HASHES } = await import("../../api/auth/password");
    expect(MAX_CONCURRENT_HASHES).toBe(2);
    const staff = await createStaff(api, "busy@academy.test");
    takeHashingPeak();
    const burst = Array.from({ length: 16 }, (_, i) =>
      send(api, "POST", "/api/auth/login/password", {
        json: { username: i % 2 ? staff.email : `nobody${i}@academy.test`, password: "Wrong#Guess1" },
        headers: { "x-forwarded-for": `198.51.100.${i}` },
      }),
    );
    const during = await timed(imagePath);
    const answers = await Promise.all(burst);
    expect(answers.every((r) => r.status === 401)).toBe(true);
    expect(takeHashingPeak()).toBe(2);
    expect(during.status).toBe(200);
    expect(during.ms).toBeLessThan(1500);
  });

  it("a valid token is claimed, then the password hashed: the reset still works", async () => {
    const staff = await createStaff(api, "resets@academy.test");
    await send(api, "POST", "/api/auth/password-reset", { json: { email: staff.email } });
    const { waitForMail } = await import("../api/harness");
    const [mail] = (await waitForMail(api, 1)).filter((m) => JSON.stringify(m.to).includes(staff.email));
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]);
    expect(
      (await send(api, "PATCH", "/api/auth/password-reset", { json: { token, password: "Fresh#Start2026" } })).status,
    ).toBe(200);
    expect(
      (
        await send(api, "POST", "/api/auth/login/password", {
          json: { username: staff.email, password: "Fresh#Start2026" },
        })
      ).status,
    ).toBe(200);
    expect(
      (await send(api, "PATCH", "/api/auth/password-reset", { json: { token, password: "Other#Start2026" } })).status,
    ).toBe(400);
    expect(await rowCount(api, "sessions")).toBeGreaterThan(0);
  });
});
