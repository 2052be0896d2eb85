import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, fileOf, pdfBytes, rowCount, send, startApi, uploadTokenHeader } from "../api/harness";

// Before: the 512 MiB of files waiting for their form was shared by every visitor and
// `POST /api/applicant/files` took files from any client, so a few addresses filled it and every
// applicant after them got "We cannot take more files right now" for a day. Now each address
// (IPv4) or /64 (IPv6) has a share, files wait 2 hours, and uploads need the registration
// page's token (docs/security.md).
let api: Api;
beforeAll(async () => {
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  api = await startApi({ rateLimitFactor: 1 });
});
afterAll(() => api.close());

const MiB = 1024 * 1024;
async function upload(ip: string, options: { count?: number; size?: number; token?: string | null } = {}) {
  const { count = 3, size = 3 * MiB } = options;
  const form = new FormData();
  form.set("group", "idCards");
  for (let i = 0; i < count; i++) form.append("file", fileOf(pdfBytes(size), `id${i}.pdf`));
  const token =
    options.token === undefined
      ? await uploadTokenHeader(api)
      : options.token === null
        ? {}
        : { "x-upload-token": options.token };
  return send(api, "POST", "/api/applicant/files", { multipart: form, headers: { "x-forwarded-for": ip, ...token } });
}

describe("the registration page's upload token", () => {
  it("refuses files without it, with a forged one or an expired one (403, before the body is stored)", async () => {
    const { issueUploadToken } = await import("../../api/upload-token");
    const good = issueUploadToken().token;
    const [v, expires, nonce, mac] = good.split(".");
    const forged = [v, String(Number(expires) + 3600), nonce, mac].join(".");
    const expired = issueUploadToken(Date.now() - 7 * 60 * 60 * 1000).token;
    for (const token of [null, "", "u1.1.x.y", forged, expired, `${good}x`]) {
      const res = await upload("203.0.113.5", { count: 1, size: 1024, token });
      expect({ token, status: res.status, text: await res.text() }).toEqual({
        token,
        status: 403,
        text: "This form is out of date. Open the registration page again and send your files from there.",
      });
    }
    expect(await rowCount(api, "private_files")).toBe(0);
    const fresh = await send(api, "GET", "/api/applicant/upload-token");
    expect(fresh.headers.get("cache-control")).toBe("no-store");
    const { token, expiresAt } = (await fresh.json()) as { token: string; expiresAt: string };
    expect(Math.round((Date.parse(expiresAt) - Date.now()) / 3_600_000)).toBe(6);
    expect((await upload("203.0.113.5", { count: 1, size: 1024, token })).status).toBe(201);
  });
});

describe("each address's share of the waiting files", () => {
  it("two flooding addresses (one IPv4, one IPv6 /64 from many of its addresses) cannot block a real applicant", async () => {
    const { unclaimedCap, unclaimedReserve, unclaimedShare } = await import("../../api/lib/upload-quota");
    expect({ cap: unclaimedCap.bytes, share: unclaimedShare.bytes }).toEqual({ cap: 512 * MiB, share: 24 * MiB });
    const real = unclaimedCap.bytes;
    const reserve = unclaimedReserve.bytes;
    // The same rule at a size a test reaches quickly: 60 MiB in all (12 of them the reserve), 24 MiB an address.
    unclaimedCap.bytes = 60 * MiB;
    unclaimedReserve.bytes = 12 * MiB;
    try {
      const v4 = [];
      const v6 = [];
      for (let i = 0; i < 5; i++) {
        v4.push((await upload("198.51.100.7")).status);
        v6.push((await upload(`2001:db8:5:6:${(i + 1).toString(16)}::${i + 7}`)).status);
      }
      // 9 MiB a call: two fit in a share of 24 MiB, the third is refused.
      expect({ v4, v6 }).toEqual({ v4: [201, 201, 429, 429, 429], v6: [201, 201, 429, 429, 429] });
      const refused = await upload("198.51.100.7", { count: 3, size: 2.5 * MiB });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(110 * 60);
      expect(await refused.text()).toMatch(
        /^Many files from your network are waiting for their forms\. Send your form with the files already listed, or wait 2 hours to upload more\.$/,
      );
      // A real applicant's 100 KiB ID from another address is taken.
      expect((await upload("192.0.2.44", { count: 1, size: 100 * 1024 })).status).toBe(201);
      // Another /64 is another share.
      expect((await upload("2001:db8:5:7::1", { count: 1, size: 100 * 1024 })).status).toBe(201);
    } finally {
      unclaimedCap.bytes = real;
      unclaimedReserve.bytes = reserve;
    }
  });

  it("keys IPv4 by address and IPv6 by /64", async () => {
    const { clientKey } = await import("../../api/client-ip");
    expect(
      ["198.51.100.7", "2001:db8:5:6:1::7", "2001:DB8:5:6:ffff:1:2:3", "2001:db8::1", "::1", "fe80::1%eth0"].map((ip) =>
        clientKey(ip),
      ),
    ).toEqual(["198.51.100.7", "2001:db8:5:6::/64", "2001:db8:5:6::/64", "2001:db8::/64", "::/64", "fe80::/64"]);
  });
});

describe("how long files wait for their form", () => {
  it("removes unclaimed files after 2 hours (UNCLAIMED_HOURS), not a day", async () => {
    const { config } = await import("../../api/config");
    expect(config().UNCLAIMED_HOURS).toBe(2);
    await api.db.deleteFrom("private_files").execute();
    const recent = await upload("192.0.2.60", { count: 1, size: 1024 });
    const old = await upload("192.0.2.61", { count: 1, size: 1024 });
    const [oldFile] = (await old.json()) as { public_id: string }[];
    expect(recent.status).toBe(201);
    await api.db
      .updateTable("private_files")
      .set({ created_at: new Date(Date.now() - 2 * 60 * 60 * 1000 - 60_000).toISOString() })
      .where("public_id", "=", oldFile.public_id)
      .execute();
    const { runHousekeeping } = await import("../../api/housekeeping");
    await runHousekeeping();
    const left = await api.db.selectFrom("private_files").select("public_id").execute();
    expect(left.map((r) => r.public_id)).not.toContain(oldFile.public_id);
    expect(left).toHaveLength(1);
  });
});
