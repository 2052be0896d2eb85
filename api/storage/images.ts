import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { config } from "../config";
import { newId } from "../lib/ids";

export type UploadedImage = { public_id: string; secure_url: string; width: number; height: number; format: string };

export interface ImageStore {
  upload(bytes: Buffer, folder: string): Promise<UploadedImage>;
}

export class BadImageError extends Error {}

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "gif", "heif"]);
export const MAX_IMAGE_WIDTH = 2000;
const PUBLIC_ID = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i;

async function inspect(bytes: Buffer) {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new Error();
    return meta;
  } catch {
    throw new BadImageError("The file is not an image we can use (JPEG, PNG, WebP, AVIF or GIF)");
  }
}

function cleanFolder(folder: string) {
  const cleaned = folder.replace(/[^a-z0-9_/-]/gi, "").replace(/^\/+|\/+$/g, "").replace(/\/{2,}/g, "/");
  return cleaned || "misc";
}

/** Originals on disk under data/images; variants made by sharp on first request, then cached. */
export class DiskImageStore implements ImageStore {
  constructor(private root = path.join(config().dataDir, "images")) {}

  async upload(bytes: Buffer, folder: string): Promise<UploadedImage> {
    const meta = await inspect(bytes);
    const public_id = `${cleanFolder(folder)}/${newId()}`;
    const file = this.originalPath(public_id);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    return {
      public_id,
      secure_url: `/api/images/f_auto,c_limit,w_1600/${public_id}`,
      width: meta.width!,
      height: meta.height!,
      format: meta.format!,
    };
  }

  originalPath(publicId: string) {
    if (!PUBLIC_ID.test(publicId)) throw new BadImageError("Invalid image id");
    return path.join(this.root, "originals", publicId);
  }

  async deliver(transformText: string, publicId: string, accept: string, saveData: boolean) {
    const t = parseTransform(transformText);
    if (!t) return undefined;
    let original: Buffer;
    try {
      original = await fs.readFile(this.originalPath(publicId));
    } catch {
      return undefined;
    }
    const format = chooseFormat(t.format, accept);
    const quality = saveData ? Math.min(t.quality, 45) : t.quality;
    const key = crypto
      .createHash("sha1")
      .update(JSON.stringify([publicId, t, format, quality]))
      .digest("hex");
    const cached = path.join(this.root, "cache", key.slice(0, 2), `${key}.${format}`);
    try {
      return { body: await fs.readFile(cached), format };
    } catch {
      // not made yet
    }
    const width = t.width ? Math.min(Math.round(t.width * t.dpr), MAX_IMAGE_WIDTH) : undefined;
    const height = t.height ? Math.round(t.height * t.dpr * (width && t.width ? width / (t.width * t.dpr) : 1)) : undefined;
    let pipeline = sharp(original, { animated: false }).rotate();
    pipeline = pipeline.resize({
      width: width ?? MAX_IMAGE_WIDTH,
      height,
      fit: t.crop === "fill" ? "cover" : "inside",
      withoutEnlargement: true,
    });
    const body = await (format === "avif"
      ? pipeline.avif({ quality: Math.max(quality - 15, 30), effort: 2 })
      : format === "webp"
        ? pipeline.webp({ quality })
        : format === "png"
          ? pipeline.png({ compressionLevel: 9, palette: true })
          : pipeline.jpeg({ quality, mozjpeg: true })
    ).toBuffer();
    await fs.mkdir(path.dirname(cached), { recursive: true });
    await fs.writeFile(cached, body);
    return { body, format };
  }
}

export type Transform = { width?: number; height?: number; crop: "fill" | "limit"; dpr: number; quality: number; format: string };

/** Reads the Cloudinary-style transformation segment, e.g. `w_400,h_250,c_fill,dpr_2,f_auto`. */
export function parseTransform(text: string): Transform | undefined {
  const t: Transform = { crop: "limit", dpr: 1, quality: 70, format: "auto" };
  for (const part of text.split(",")) {
    const [k, v] = [part.slice(0, part.indexOf("_")), part.slice(part.indexOf("_") + 1)];
    if (k === "w" && /^\d{1,4}$/.test(v)) t.width = Number(v);
    else if (k === "h" && /^\d{1,4}$/.test(v)) t.height = Number(v);
    else if (k === "c" && (v === "fill" || v === "limit" || v === "fit")) t.crop = v === "fill" ? "fill" : "limit";
    else if (k === "dpr" && /^[123](\.\d)?$/.test(v)) t.dpr = Number(v);
    else if (k === "q" && (v === "auto" || /^\d{1,3}$/.test(v))) t.quality = v === "auto" ? 70 : Math.min(Math.max(Number(v), 20), 95);
    else if (k === "f" && ["auto", "webp", "avif", "jpg", "png"].includes(v)) t.format = v;
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

/** The image host the spec names; used when CLOUDINARY_URL is set. */
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
    const toSign = Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join("&");
    const signature = crypto.createHash("sha1").update(toSign + this.secret).digest("hex");
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)]));
    for (const [k, v] of Object.entries(params)) form.set(k, v);
    form.set("api_key", this.key);
    form.set("signature", signature);
    const res = await fetch(`https://api.cloudinary.com/v1_1/${this.cloud}/image/upload`, { method: "POST", body: form });
    if (!res.ok) throw new Error(`Cloudinary upload failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as UploadedImage;
    return { public_id: body.public_id, secure_url: body.secure_url, width: body.width, height: body.height, format: body.format };
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
