import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

import sharp from "sharp";

import { MAX_IMAGE_WIDTH } from "@domain/images";

import { config } from "../config";
import { newId } from "../lib/ids";
import { originals } from "./originals";

// libvips' operation cache (50 MB by default) would keep the pixels of recent renders; a
// variant is made once and then read from the disk cache, so the memory is better left free
// (docs/security.md: 24 new variants at once grew resident memory 212 MB with it, 81–107 without).
sharp.cache(false);

export type UploadedImage = { public_id: string; secure_url: string; width: number; height: number; format: string };

export interface ImageStore {
  upload(bytes: Buffer, folder: string): Promise<UploadedImage>;
}

export class BadImageError extends Error {}

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "gif", "heif"]);
const PUBLIC_ID = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i;

// Decoding is what costs: a 16000×16000 PNG takes ~1 GB and seconds a variant. Uploads over this
// many pixels are refused, and sharp refuses to decode more than this whatever is on disk.
export const MAX_INPUT_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS = "The image is too large: at most 40 megapixels (e.g. 8000 × 5000)";

// Only the transforms the site itself asks for (app/utils/images.ts with the widths of
// app/components/image.tsx, cards.tsx, the job logo, the editor's previews, the upload's
// secure_url and the social previews); any other combination would be a new variant to make and
// keep. Keep these lists in step with those callers (tests/security/images.test.ts checks them).
export const SITE_WIDTHS = new Set([96, 256, 360, 540, 720, 800, 1000, 1200, 1600, 2000]);
/** Height ÷ width of the boxes the site fills: cards and featured images 5:8, social cards 1200×630, logos 1:1. */
const SITE_RATIOS = [225 / 360, 630 / 1200, 1];
const SITE_DPRS = new Set([1, 2]);
/** `q_auto:low` (Cloudinary's name): the Lite pages' images (docs/decisions/041-lite-mode.md), and Save-Data's cap. */
const LOW_QUALITY = 45;

export function isSiteTransform(t: Transform) {
  if (t.width === undefined || !SITE_WIDTHS.has(t.width) || !SITE_DPRS.has(t.dpr)) return false;
  if (t.format !== "auto" || !(t.low || t.quality === 70)) return false;
  if (t.height === undefined) return t.crop === "limit";
  const width = t.width;
  return t.crop === "fill" && SITE_RATIOS.some((r) => Math.round(width * r) === t.height);
}

// sharp's own threads plus libuv's: a burst of new variants queues here instead of taking every
// core from the pages. A waiting request holds no image (the original is read once its turn
// comes), and at most MAX_WAITING_VARIANTS wait: a listing page's worth of new images (12 cards
// and their page's own) fits; beyond, 503 with Retry-After (docs/security.md).
export const MAX_CONCURRENT_VARIANTS = 2;
export const MAX_WAITING_VARIANTS = 16;
/** Seconds a refused variant request is told to wait: a few renders' time. */
export const VARIANTS_BUSY_RETRY_S = 5;
/** Every slot taken and the wait full: answered 503 with Retry-After by api/routes/images.ts. */
export class VariantsBusyError extends Error {}

let making = 0;
let makingPeak = 0;
let made = 0;
const queue: (() => void)[] = [];
async function inVariantSlot<T>(work: () => Promise<T>): Promise<T> {
  if (making >= MAX_CONCURRENT_VARIANTS) {
    if (queue.length >= MAX_WAITING_VARIANTS) throw new VariantsBusyError();
    await new Promise<void>((go) => queue.push(go));
  } else making++;
  makingPeak = Math.max(makingPeak, making);
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else making--;
  }
}
/** The most variants made at once since the last call (the security tests read it). */
export function takeVariantPeak() {
  const seen = makingPeak;
  makingPeak = making;
  return seen;
}
/** How many variants were rendered since the last call (the security tests read it). */
export function takeVariantsMade() {
  const seen = made;
  made = 0;
  return seen;
}

// Variants being made, by cache key: a request for one already under way waits for that render
// rather than making it again (24 requests for one new variant cost one render).
const underWay = new Map<string, Promise<Buffer | undefined>>();

/** Bytes of made variants kept on disk; the oldest go first when over (api/housekeeping.ts). */
export const MAX_VARIANT_CACHE_BYTES = 1024 * 1024 * 1024;

async function inspect(bytes: Buffer) {
  let meta;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new Error();
  } catch {
    throw new BadImageError("The file is not an image we can use (JPEG, PNG, WebP, AVIF or GIF)");
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new BadImageError(TOO_MANY_PIXELS);
  return meta;
}

function cleanFolder(folder: string) {
  const cleaned = folder
    .replace(/[^a-z0-9_/-]/gi, "")
    .replace(/^\/+|\/+$/g, "")
    .replace(/\/{2,}/g, "/");
  return cleaned || "misc";
}

/**
 * Originals in the configured store (api/storage/originals.ts: data/images/originals on disk, or
 * the database shared by every instance); variants made by sharp on first request, then cached
 * on this instance's disk under data/images/cache (disposable: remade on demand).
 */
export class DiskImageStore implements ImageStore {
  constructor(private root = path.join(config().dataDir, "images")) {}

  async upload(bytes: Buffer, folder: string): Promise<UploadedImage> {
    const meta = await inspect(bytes);
    const public_id = `${cleanFolder(folder)}/${newId()}`;
    await originals("images").put(this.originalKey(public_id), bytes);
    return {
      public_id,
      secure_url: `/api/images/f_auto,c_limit,w_1600/${public_id}`,
      width: meta.width!,
      height: meta.height!,
      format: meta.format!,
    };
  }

  private originalKey(publicId: string) {
    if (!PUBLIC_ID.test(publicId)) throw new BadImageError("Invalid image id");
    return publicId;
  }

  /** Removes an original from the store (its variants go with the cache's own trim). */
  async removeOriginal(publicId: string) {
    await originals("images").remove(this.originalKey(publicId));
  }

  async deliver(transformText: string, publicId: string, accept: string, saveData: boolean) {
    const t = parseTransform(transformText);
    if (!t || !isSiteTransform(t)) return undefined;
    const format = chooseFormat(t.format, accept);
    const quality = saveData ? Math.min(t.quality, LOW_QUALITY) : t.quality;
    const key = crypto
      .createHash("sha1")
      .update(JSON.stringify([publicId, t, format, quality]))
      .digest("hex");
    const cached = path.join(this.root, "cache", key.slice(0, 2), `${key}.${format}`);
    const inFlight = underWay.get(key);
    if (!inFlight) {
      try {
        return { body: await fs.readFile(cached), format };
      } catch {
        // not made yet
      }
    }
    // Checked again: another request may have started it while the cache was read.
    let rendering = underWay.get(key);
    if (!rendering) {
      this.originalKey(publicId);
      rendering = this.make(publicId, t, format, quality, cached).finally(() => underWay.delete(key));
      underWay.set(key, rendering);
    }
    const body = await rendering;
    return body ? { body, format } : undefined;
  }

  /** Renders one variant in its turn and keeps it in the cache; undefined when there is no original. */
  private async make(publicId: string, t: Transform, format: string, quality: number, cached: string) {
    const width = t.width ? Math.min(Math.round(t.width * t.dpr), MAX_IMAGE_WIDTH) : undefined;
    const height = t.height
      ? Math.round(t.height * t.dpr * (width && t.width ? width / (t.width * t.dpr) : 1))
      : undefined;
    // The original is read only once this render's turn comes: waiting requests hold nothing.
    const body = await inVariantSlot(async () => {
      const original = await this.openOriginal(publicId);
      if (!original) return undefined;
      made++;
      return this.render(original, t, width, height, format, quality);
    }).catch((error: Error) => {
      // An original over the pixel limit (stored before the limit existed) is not decoded.
      if (/pixel limit/i.test(error.message)) throw new BadImageError("Image too large");
      throw error;
    });
    if (!body) return undefined;
    await fs.mkdir(path.dirname(cached), { recursive: true });
    await fs.writeFile(cached, body);
    return body;
  }

  /**
   * The original for sharp: on disk, the file's path, so libvips reads it itself and no copy of
   * it enters this process's heap; from the database, read a chunk at a time into one buffer of
   * its size (sharp needs the whole encoded image before decoding, streamed or not).
   */
  private async openOriginal(publicId: string): Promise<string | Buffer | undefined> {
    const store = originals("images");
    const key = this.originalKey(publicId);
    if (store.localFile) {
      const file = store.localFile(key);
      try {
        await fs.access(file);
      } catch {
        return undefined;
      }
      return file;
    }
    const stored = await store.stream(key);
    if (!stored) return undefined;
    const bytes = Buffer.allocUnsafe(stored.size);
    let at = 0;
    const reader = stored.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      if (at + next.value.length > bytes.length) throw new Error(`stored image ${publicId} is longer than its size`);
      bytes.set(next.value, at);
      at += next.value.length;
    }
    if (at !== bytes.length) throw new Error(`stored image ${publicId} is shorter than its size`);
    return bytes;
  }

  private render(
    original: string | Buffer,
    t: Transform,
    width: number | undefined,
    height: number | undefined,
    format: string,
    quality: number,
  ) {
    let pipeline = sharp(original, { animated: false, limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    pipeline = pipeline.resize({
      width: width ?? MAX_IMAGE_WIDTH,
      height,
      fit: t.crop === "fill" ? "cover" : "inside",
      withoutEnlargement: true,
    });
    return (
      format === "avif"
        ? pipeline.avif({ quality: Math.max(quality - 15, 30), effort: 2 })
        : format === "webp"
          ? pipeline.webp({ quality })
          : format === "png"
            ? pipeline.png({ compressionLevel: 9, palette: true })
            : pipeline.jpeg({ quality, mozjpeg: true })
    ).toBuffer();
  }

  /** Removes the oldest variants until the cache holds at most `limit` bytes; they are remade on demand. */
  async trimCache(limit = MAX_VARIANT_CACHE_BYTES) {
    const dir = path.join(this.root, "cache");
    const files: { file: string; size: number; used: number }[] = [];
    for (const sub of await fs.readdir(dir).catch(() => [] as string[])) {
      for (const name of await fs.readdir(path.join(dir, sub)).catch(() => [] as string[])) {
        const file = path.join(dir, sub, name);
        const stat = await fs.stat(file).catch(() => undefined);
        if (stat?.isFile()) files.push({ file, size: stat.size, used: Math.max(stat.atimeMs, stat.mtimeMs) });
      }
    }
    let total = files.reduce((n, f) => n + f.size, 0);
    files.sort((a, b) => a.used - b.used);
    for (const f of files) {
      if (total <= limit) break;
      await fs.rm(f.file, { force: true });
      total -= f.size;
    }
    return total;
  }
}

export type Transform = {
  width?: number;
  height?: number;
  crop: "fill" | "limit";
  dpr: number;
  quality: number;
  /** Asked as `q_auto:low` (the Lite pages), not as a number. */
  low?: true;
  format: string;
};

/** Reads the Cloudinary-style transformation segment, e.g. `w_400,h_250,c_fill,dpr_2,f_auto`. */
export function parseTransform(text: string): Transform | undefined {
  const t: Transform = { crop: "limit", dpr: 1, quality: 70, format: "auto" };
  for (const part of text.split(",")) {
    const [k, v] = [part.slice(0, part.indexOf("_")), part.slice(part.indexOf("_") + 1)];
    if (k === "w" && /^\d{1,4}$/.test(v)) t.width = Number(v);
    else if (k === "h" && /^\d{1,4}$/.test(v)) t.height = Number(v);
    else if (k === "c" && (v === "fill" || v === "limit" || v === "fit")) t.crop = v === "fill" ? "fill" : "limit";
    else if (k === "dpr" && /^[123](\.\d)?$/.test(v)) t.dpr = Number(v);
    else if (k === "q" && (v === "auto" || v === "auto:low" || /^\d{1,3}$/.test(v))) {
      t.quality = v === "auto" ? 70 : v === "auto:low" ? LOW_QUALITY : Math.min(Math.max(Number(v), 20), 95);
      if (v === "auto:low") t.low = true;
    } else if (k === "f" && ["auto", "webp", "avif", "jpg", "png"].includes(v)) t.format = v;
    else return undefined;
  }
  if ((t.width ?? 0) > MAX_IMAGE_WIDTH || (t.height ?? 0) > MAX_IMAGE_WIDTH) return undefined;
  return t;
}

function chooseFormat(requested: string, accept: string) {
  if (requested === "jpg") return "jpeg";
  if (requested !== "auto") return requested;
  if (accept.includes("image/avif")) return "avif";
  if (accept.includes("image/webp")) return "webp";
  return "jpeg";
}

/** The image host docs/product.md §7 names; used when CLOUDINARY_URL is set. */
export class CloudinaryImageStore implements ImageStore {
  private cloud: string;
  private key: string;
  private secret: string;
  constructor(url: string) {
    const u = new URL(url);
    this.cloud = u.hostname;
    this.key = decodeURIComponent(u.username);
    this.secret = decodeURIComponent(u.password);
  }

  async upload(bytes: Buffer, folder: string): Promise<UploadedImage> {
    await inspect(bytes);
    const timestamp = Math.floor(Date.now() / 1000).toString();
    const params: Record<string, string> = { asset_folder: cleanFolder(folder), timestamp };
    const toSign = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join("&");
    const signature = crypto
      .createHash("sha1")
      .update(toSign + this.secret)
      .digest("hex");
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)]));
    for (const [k, v] of Object.entries(params)) form.set(k, v);
    form.set("api_key", this.key);
    form.set("signature", signature);
    const res = await fetch(`https://api.cloudinary.com/v1_1/${this.cloud}/image/upload`, {
      method: "POST",
      body: form,
    });
    if (!res.ok) throw new Error(`Cloudinary upload failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as UploadedImage;
    return {
      public_id: body.public_id,
      secure_url: body.secure_url,
      width: body.width,
      height: body.height,
      format: body.format,
    };
  }
}

let store: ImageStore | undefined;
let disk: DiskImageStore | undefined;
export function imageStore(): ImageStore {
  const { CLOUDINARY_URL } = config();
  store ??= CLOUDINARY_URL ? new CloudinaryImageStore(CLOUDINARY_URL) : diskImageStore();
  return store;
}
export function diskImageStore() {
  disk ??= new DiskImageStore();
  return disk;
}
