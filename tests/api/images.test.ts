import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, fileOf, pdfBytes, pngBytes, send, signedInStaff, startApi, statusAndText } from "./harness";
import { isStored, storedCount } from "./stored-files";

let api: Api;
let cookie: string;
let publicId: string;
let secureUrl: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
  const res = await uploadImage(await pngBytes(2400, 1200), "wide.png", "course/1712345678");
  expect(res.status).toBe(201);
  ({ public_id: publicId, secure_url: secureUrl } = await res.json());
});
afterAll(() => api.close());

function uploadImage(bytes: Uint8Array, name: string, folder?: string, withCookie = cookie) {
  const form = new FormData();
  form.set("file", fileOf(bytes, name));
  if (folder) form.set("asset_folder", folder);
  return send(api, "POST", "/api/images", { multipart: form, cookie: withCookie });
}
const countOriginals = () => storedCount("images", api.dataDir);
async function deliver(transform: string, id = publicId, accept = "") {
  const res = await send(api, "GET", `/api/images/${transform}/${id}`, { headers: accept ? { accept } : {} });
  return { res, meta: res.status === 200 ? await sharp(Buffer.from(await res.arrayBuffer())).metadata() : undefined };
}

describe("POST /api/images (staff upload)", () => {
  it("stores the image under its asset folder and answers public_id and secure_url", async () => {
    expect(publicId).toMatch(/^course\/1712345678\/[a-f0-9]{24}$/);
    expect(secureUrl).toContain(publicId);
    const res = await send(api, "GET", new URL(secureUrl, api.base).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\//);
  });

  it("answers the image's size and format, as the image host does", async () => {
    const body = await (await uploadImage(await pngBytes(30, 20), "small.png", "article/1712345678")).json();
    expect(body).toMatchObject({
      width: 30,
      height: 20,
      format: "png",
      public_id: expect.stringMatching(/^article\/1712345678\//),
    });
  });

  it("takes an image larger than the 1MB content limit", async () => {
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 800 * 600 * 3 }, () => Math.floor(Math.random() * 256))),
      { raw: { width: 800, height: 600, channels: 3 } },
    )
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    expect((await uploadImage(noisy, "noise.png", "job/1712345678")).status).toBe(201);
  });

  it("answers 401 to a visitor and stores nothing", async () => {
    const before = await countOriginals();
    const { status } = await statusAndText(await uploadImage(await pngBytes(), "x.png", "course/1", ""));
    expect(status).toBe(401);
    expect(await countOriginals()).toBe(before);
  });

  it.each([
    ["a pdf", () => pdfBytes(), "doc.pdf"],
    ["text renamed .png", () => Buffer.from("not an image at all"), "fake.png"],
  ])("refuses %s with 400 and stores nothing", async (_name, bytes, name) => {
    const before = await countOriginals();
    expect(await statusAndText(await uploadImage(bytes(), name, "course/1712345678"))).toEqual({
      status: 400,
      text: "The file is not an image we can use (JPEG, PNG, WebP, AVIF or GIF)",
    });
    expect(await countOriginals()).toBe(before);
  });

  it("refuses a request without a file", async () => {
    const form = new FormData();
    form.set("asset_folder", "course/1712345678");
    expect(await statusAndText(await send(api, "POST", "/api/images", { multipart: form, cookie }))).toEqual({
      status: 400,
      text: "Choose an image to upload",
    });
  });

  it("keeps a hostile asset folder inside the image store", async () => {
    const body = await (await uploadImage(await pngBytes(), "x.png", "../../etc/passwd")).json();
    expect(body.public_id).toMatch(/^etc\/passwd\/[a-f0-9]{24}$/);
    expect(await isStored("images", body.public_id)).toBe(true);
  });
});

describe("GET /api/images/{transform}/{public_id} (delivery)", () => {
  it("honours the width transform and keeps the aspect ratio", async () => {
    const { res, meta } = await deliver("w_360,c_limit,f_auto,q_auto");
    expect(res.status).toBe(200);
    expect([meta!.width, meta!.height]).toEqual([360, 180]);
  });

  it("fills a box with c_fill", async () => {
    const { meta } = await deliver("w_360,h_225,c_fill,f_auto,q_auto");
    expect([meta!.width, meta!.height]).toEqual([360, 225]);
  });

  it("multiplies by the device pixel ratio", async () => {
    const { meta } = await deliver("w_360,c_limit,dpr_2,f_auto,q_auto");
    expect(meta!.width).toBe(720);
  });

  it("caps the delivered width at 2000 px", async () => {
    expect((await deliver("w_1200,c_limit,dpr_2,f_auto,q_auto")).meta!.width).toBe(2000);
    expect((await deliver("w_2000,c_limit,f_auto,q_auto")).meta!.width).toBe(2000);
  });

  it("refuses to be asked for more than 2000 px (404), so the cap cannot be bypassed", async () => {
    expect((await deliver("w_2400")).res.status).toBe(404);
  });

  it("never enlarges a small original", async () => {
    const small = (await (await uploadImage(await pngBytes(50, 40), "small.png", "course/1712345678")).json())
      .public_id;
    expect((await deliver("w_800,c_limit,f_auto,q_auto", small)).meta!.width).toBe(50);
  });

  it.each([
    ["image/avif,image/webp,*/*", "image/avif", "heif"],
    ["image/webp,*/*", "image/webp", "webp"],
    ["*/*", "image/jpeg", "jpeg"],
  ])("chooses the format by Accept (%s → %s)", async (accept, type, sharpFormat) => {
    const { res, meta } = await deliver("w_256,c_limit,f_auto,q_auto", publicId, accept);
    expect(res.headers.get("content-type")).toBe(type);
    expect(meta!.format).toBe(sharpFormat);
    expect(res.headers.get("vary")).toContain("Accept");
  });

  it("serves only the format Accept allows: an explicit format is a transform the site never asks for (404)", async () => {
    const { res } = await deliver("w_256,c_limit,f_png,q_auto", publicId, "image/avif");
    expect(res.status).toBe(404);
  });

  it("answers with immutable cache headers, and the same bytes from its cache", async () => {
    const first = await send(api, "GET", `/api/images/w_96,c_limit,f_auto,q_auto/${publicId}`, {
      headers: { accept: "image/webp" },
    });
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const again = await send(api, "GET", `/api/images/w_96,c_limit,f_auto,q_auto/${publicId}`, {
      headers: { accept: "image/webp" },
    });
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
  });

  it("answers 404 for an unknown public id", async () => {
    expect(
      await statusAndText(
        await send(api, "GET", "/api/images/w_360,c_limit,f_auto,q_auto/course/1712345678/000000000000000000000000"),
      ),
    ).toEqual({ status: 404, text: "Image not found" });
  });

  it.each(["x_1", "w_abc", "w_-5", "dpr_9", "w_400,,", "q_1000", "f_exe"])(
    "answers 404 for the junk transform %s",
    async (transform) => {
      expect((await send(api, "GET", `/api/images/${transform}/${publicId}`)).status).toBe(404);
    },
  );

  it("answers 404 to a path that tries to leave the image store", async () => {
    expect(
      (await send(api, "GET", "/api/images/w_360,c_limit,f_auto,q_auto/..%2F..%2Fprivate%2Fapplicants%2Fx")).status,
    ).toBe(404);
    expect(
      (await send(api, "GET", "/api/images/w_360,c_limit,f_auto,q_auto/course/%2e%2e/%2e%2e/academy.db")).status,
    ).toBe(404);
  });
});
