import fs from "node:fs";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { originals } from "../../api/storage/originals";
import { imageUrl } from "../../app/utils/images";
import { type Api, fileOf, pngBytes, send, signedInStaff, startApi } from "../api/harness";

// Item 5: only the transforms the site generates are made; huge images are refused; variant
// work is bounded in concurrency and on disk.
let api: Api;
let cookie: string;
let publicId: string;
beforeAll(async () => {
  api = await startApi({ rateLimitFactor: 1 });
  ({ cookie } = await signedInStaff(api));
  publicId = (await (await upload(await pngBytes(1200, 800))).json()).public_id;
});
afterAll(() => api.close());

function upload(bytes: Uint8Array) {
  const form = new FormData();
  form.set("file", fileOf(bytes, "x.png"));
  form.set("asset_folder", "course/1");
  return send(api, "POST", "/api/images", { multipart: form, cookie });
}
const cacheDir = () => path.join(api.dataDir, "images", "cache");
function cachedFiles(dir = cacheDir()): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? cachedFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe("image transforms", () => {
  it("makes nothing for 100 unlisted transforms (404, no CPU, no disk)", async () => {
    const before = cachedFiles().length;
    const { takeVariantPeak } = await import("../../api/storage/images");
    takeVariantPeak();
    const statuses = [];
    for (let i = 0; i < 100; i++) {
      const t = [
        `w_${401 + i},f_png`,
        `w_360,q_${20 + (i % 70)}`,
        `w_360,h_${100 + i},c_fill,f_auto,q_auto`,
        `w_${300 + i},c_limit,dpr_2,f_auto,q_auto`,
      ][i % 4];
      statuses.push((await send(api, "GET", `/api/images/${t}/${publicId}`)).status);
    }
    expect(statuses).toEqual(Array(100).fill(404));
    expect(cachedFiles().length).toBe(before);
    expect(takeVariantPeak()).toBe(0);
  });

  it("serves every URL the site's pages build (app/utils/images.ts with the pages' sizes)", async () => {
    const base = "/api/images";
    const urls = [
      ...[360, 540, 720].map((w) => imageUrl(base, publicId, { width: w, height: Math.round((w * 225) / 360) })), // cards
      ...[1, 2].map((dpr) => imageUrl(base, publicId, { width: 1000, height: 625, dpr })), // featured images
      imageUrl(base, publicId, { width: 540, height: 338, low: true }), // a featured image on a Lite page
      imageUrl(base, publicId, { width: 96, height: 96, low: true }), // a job logo on a Lite page
      ...[1, 2].map((dpr) => imageUrl(base, publicId, { width: 96, height: 96, dpr })), // job logos
      imageUrl(base, publicId, { width: 1200, height: 630 }), // social previews
      imageUrl(base, publicId, { width: 1200, height: 750 }),
      imageUrl(base, publicId, { width: 256 }), // job logo in structured data
      `${base}/w_800,c_limit,f_auto,q_auto/${publicId}`, // the editor's preview
      `${base}/f_auto,c_limit,w_1600/${publicId}`, // the upload's secure_url
    ];
    for (const url of urls) expect({ url, status: (await send(api, "GET", url)).status }).toEqual({ url, status: 200 });
  });

  it("makes at most 2 variants at once, however many are asked for together", async () => {
    const { takeVariantPeak, MAX_CONCURRENT_VARIANTS } = await import("../../api/storage/images");
    expect(MAX_CONCURRENT_VARIANTS).toBe(2);
    const fresh = (await (await upload(await pngBytes(1600, 1000))).json()).public_id;
    takeVariantPeak();
    const widths = [96, 256, 360, 540, 720, 800, 1000, 1200];
    const answers = await Promise.all(
      widths.map((w) =>
        send(api, "GET", `/api/images/w_${w},c_limit,f_auto,q_auto/${fresh}`, { headers: { accept: "image/webp" } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(widths.length).fill(200));
    expect(takeVariantPeak()).toBe(2);
  });

  it("keeps the variant cache within its bytes, oldest first", async () => {
    const { diskImageStore, MAX_VARIANT_CACHE_BYTES } = await import("../../api/storage/images");
    expect(MAX_VARIANT_CACHE_BYTES).toBe(1024 * 1024 * 1024);
    const files = cachedFiles();
    const sizes = files.map((f) => fs.statSync(f).size);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(files.length).toBeGreaterThan(3);
    const kept = await diskImageStore().trimCache(Math.floor(total / 2));
    expect(kept).toBeLessThanOrEqual(Math.floor(total / 2));
    expect(cachedFiles().length).toBeLessThan(files.length);
    // A trimmed variant is made again on demand.
    expect((await send(api, "GET", `/api/images/w_360,c_limit,f_auto,q_auto/${publicId}`)).status).toBe(200);
  });
});

describe("huge images", () => {
  it("refuses an upload over 40 megapixels (9000 × 5000) with a clear message", async () => {
    const huge = await sharp({ create: { width: 9000, height: 5000, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(huge);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("The image is too large: at most 40 megapixels (e.g. 8000 × 5000)");
  });

  it("does not decode an original over the limit already on disk (404, not seconds of work)", async () => {
    const huge = await sharp({ create: { width: 9000, height: 5000, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    // Straight into the configured store (disk, or the files table on PostgreSQL), past the upload check.
    await originals("images").put("course/1/aaaaaaaaaaaaaaaaaaaaaaaa", huge);
    expect(
      (await send(api, "GET", `/api/images/w_360,c_limit,f_auto,q_auto/course/1/aaaaaaaaaaaaaaaaaaaaaaaa`)).status,
    ).toBe(404);
  });
});
