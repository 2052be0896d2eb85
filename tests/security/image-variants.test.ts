import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, fileOf, send, signedInStaff, startApi } from "../api/harness";

// Image variants under a burst (docs/security.md): an 8 MB original, then 24 parallel anonymous
// requests for one variant not made yet, and 24 for 24 different ones. Before the fix every
// request read the whole original into memory while it waited, in a wait without end, and each
// rendered its own copy of the same variant: resident memory grew by hundreds of MB. Each burst
// renders seconds of 8 MB photos: on a busy machine that takes minutes, hence the long timeouts.
let api: Api;
let cookie: string;
beforeAll(async () => {
  api = await startApi({ rateLimitFactor: 1 });
  ({ cookie } = await signedInStaff(api));
}, 60_000);
afterAll(() => api.close());

/** A photo-sized JPEG of about 8 MB (noise does not compress): 3600 × 2400. */
let photo: Buffer | undefined;
async function eightMegabytes() {
  photo ??= await sharp({
    create: {
      width: 3600,
      height: 2400,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 128, sigma: 48 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  return photo;
}
async function upload() {
  const form = new FormData();
  form.set("file", fileOf(await eightMegabytes(), "photo.jpg"));
  form.set("asset_folder", "course/1");
  const res = await send(api, "POST", "/api/images", { multipart: form, cookie });
  expect(res.status).toBe(201);
  return ((await res.json()) as { public_id: string }).public_id;
}

const MB = 1024 * 1024;
/** Runs `burst` while sampling this process's resident memory; answers its result and the growth at the peak. */
async function peakGrowth<T>(burst: () => Promise<T>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await burst();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, beforeMb: Math.round(before / MB), growthMb: Math.round((peak - before) / MB) };
  } finally {
    clearInterval(sample);
  }
}
const webp = { accept: "image/webp,*/*" };

describe("image variants under a burst", () => {
  it("one new variant asked for 24 times at once is rendered once, and memory stays flat", async () => {
    const images = await import("../../api/storage/images");
    // Warm up sharp (its threads and caches) on another original, so only the burst is measured.
    const warm = await upload();
    expect((await send(api, "GET", `/api/images/w_360,c_limit,f_auto,q_auto/${warm}`, { headers: webp })).status).toBe(
      200,
    );
    const publicId = await upload();
    images.takeVariantPeak();
    images.takeVariantsMade?.();
    const url = `/api/images/w_1000,c_limit,dpr_2,f_auto,q_auto/${publicId}`;
    const { result, beforeMb, growthMb } = await peakGrowth(() =>
      Promise.all(
        Array.from({ length: 24 }, async () => {
          const res = await send(api, "GET", url, { headers: webp });
          return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
        }),
      ),
    );
    console.log(`[variants] 24 × one variant: resident ${beforeMb} MB, +${growthMb} MB at the peak`);
    expect(result.map((r) => r.status)).toEqual(Array(24).fill(200));
    expect(new Set(result.map((r) => r.bytes)).size).toBe(1);
    expect(images.takeVariantPeak()).toBe(1);
    // One render's own cost (its original, 8 MB, in a buffer on the database store, and libvips'
    // decode) is 40–80 MB here depending on the engine and the moment; 24 renders at once, as
    // before, grew it by 248 MB. The bound sits between the two.
    expect(growthMb).toBeLessThan(120);
    expect(images.takeVariantsMade()).toBe(1);
  }, 180_000);

  it("24 different new variants at once: 2 are made, 16 wait holding nothing, the rest get 503 with Retry-After", async () => {
    const images = await import("../../api/storage/images");
    expect({ slots: images.MAX_CONCURRENT_VARIANTS, waiting: images.MAX_WAITING_VARIANTS }).toEqual({
      slots: 2,
      waiting: 16,
    });
    const publicId = await upload();
    const urls = [96, 256, 360, 540, 720, 800, 1000, 1200, 1600, 2000]
      .flatMap((w) => [`w_${w},c_limit,f_auto,q_auto`, `w_${w},c_limit,dpr_2,f_auto,q_auto`])
      .concat(["w_360,h_225,c_fill,f_auto,q_auto", "w_720,h_450,c_fill,f_auto,q_auto"])
      .concat(["w_1200,h_630,c_fill,f_auto,q_auto", "w_96,h_96,c_fill,f_auto,q_auto"])
      .map((t) => `/api/images/${t}/${publicId}`);
    expect(new Set(urls).size).toBe(24);
    const { result, beforeMb, growthMb } = await peakGrowth(() =>
      Promise.all(
        urls.map(async (url) => {
          const res = await send(api, "GET", url, { headers: webp });
          await res.arrayBuffer();
          return {
            url,
            status: res.status,
            retryAfter: res.headers.get("retry-after"),
            cache: res.headers.get("cache-control"),
          };
        }),
      ),
    );
    console.log(`[variants] 24 different variants: resident ${beforeMb} MB, +${growthMb} MB at the peak`);
    const refused = result.filter((r) => r.status === 503);
    expect(result.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
    expect(refused.length).toBeGreaterThan(0);
    expect(result.length - refused.length).toBeGreaterThanOrEqual(2 + 16);
    for (const r of refused)
      expect({ retryAfter: r.retryAfter, cache: r.cache }).toEqual({ retryAfter: "5", cache: "no-store" });
    expect(images.takeVariantPeak()).toBe(2);
    expect(growthMb).toBeLessThan(160);
    // Once the burst is over, a refused variant is made on the next ask.
    expect((await send(api, "GET", refused[0].url, { headers: webp })).status).toBe(200);
  }, 180_000);
});
