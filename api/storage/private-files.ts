import path from "node:path";

import { TYPE_OF_EXTENSION, UPLOAD_LIMITS } from "@domain/uploads";

import { newId } from "../lib/ids";
import { originals } from "./originals";

// Applicant files live outside every public folder; only the staff route reads them back.
export class FileRejectedError extends Error {}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = Buffer.from("%PDF-");
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The type by content, not by name: a .txt renamed .pdf is refused. */
export function sniffApplicantFile(
  bytes: Buffer,
): "application/pdf" | "image/png" | "image/jpeg" | "image/webp" | undefined {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return "image/png";
  if (bytes.subarray(0, PDF.length).equals(PDF)) return "application/pdf";
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return "image/jpeg";
  // RIFF....WEBP
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP")
    return "image/webp";
  return undefined;
}

/** SPEC's words for a file over 3 MB (and a camera photo over 15 MB, or one that stays over 3 MB shrunk). */
export const FILE_TOO_BIG = "Maximum file size of 3MB per file";

/**
 * The file's type by content, checked against its name. `maxBytes` is 3 MB for what is stored
 * as sent; a camera photo is read up to 15 MB first and shrunk (api/storage/applicant-photos.ts).
 */
export function checkApplicantFile(name: string, bytes: Buffer, maxBytes: number = UPLOAD_LIMITS.maxFileBytes) {
  if (bytes.length > maxBytes) throw new FileRejectedError(FILE_TOO_BIG);
  if (bytes.length === 0) throw new FileRejectedError(`${name} is empty`);
  const type = sniffApplicantFile(bytes);
  const ext = path.extname(name).toLowerCase();
  // The content must be the type its name says: a PNG named .jpg is refused like a .txt named .pdf.
  if (!type || TYPE_OF_EXTENSION[ext as keyof typeof TYPE_OF_EXTENSION] !== type) {
    throw new FileRejectedError(`${name}: only .pdf, .png, .jpg and .webp files are accepted`);
  }
  return type;
}

/** The checked store key of an applicant file (data/private/<id> on disk, a `files` row in the database). */
function privateKey(publicId: string) {
  if (!/^applicants\/[a-f0-9]{24}$/.test(publicId)) throw new FileRejectedError("Invalid file reference");
  return publicId;
}

export function newPrivateFileId() {
  return `applicants/${newId()}`;
}

/** Writes a file whose row already exists (the row first: a crash leaves a row the sweep removes, never a file nobody knows). */
export async function writePrivateFile(publicId: string, bytes: Buffer) {
  await originals("private").put(privateKey(publicId), bytes, { mode: 0o600 });
}

/** The size and the bytes as they are read: a download is sent a chunk at a time, never held whole. */
export async function streamPrivateFile(publicId: string) {
  const stored = await originals("private").stream(privateKey(publicId));
  if (!stored) throw new Error(`applicant file ${publicId} is missing from the file store`);
  return stored;
}

export async function removePrivateFile(publicId: string) {
  await originals("private").remove(privateKey(publicId));
}
