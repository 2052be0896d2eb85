import fs from "node:fs/promises";
import path from "node:path";
import { config } from "../config";
import { UPLOAD_LIMITS } from "../domain";
import { newId } from "../lib/ids";

// Applicant files live outside every public folder; only the staff route reads them back.
export class FileRejectedError extends Error {}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = Buffer.from("%PDF-");

/** The type by content, not by name: a .txt renamed .pdf is refused. */
export function sniffApplicantFile(bytes: Buffer): "application/pdf" | "image/png" | undefined {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return "image/png";
  if (bytes.subarray(0, PDF.length).equals(PDF)) return "application/pdf";
  return undefined;
}

export function checkApplicantFile(name: string, bytes: Buffer) {
  if (bytes.length > UPLOAD_LIMITS.maxFileBytes) throw new FileRejectedError("Maximum file size of 3MB per file");
  if (bytes.length === 0) throw new FileRejectedError(`${name} is empty`);
  const type = sniffApplicantFile(bytes);
  const ext = path.extname(name).toLowerCase();
  if (!type || (ext !== ".pdf" && ext !== ".png") || (type === "image/png") !== (ext === ".png")) {
    throw new FileRejectedError(`${name}: only .pdf and .png files are accepted`);
  }
  return type;
}

function root() {
  return path.join(config().dataDir, "private");
}

export function privatePath(publicId: string) {
  if (!/^applicants\/[a-f0-9]{24}$/.test(publicId)) throw new FileRejectedError("Invalid file reference");
  return path.join(root(), publicId);
}

export async function storePrivateFile(bytes: Buffer) {
  const publicId = `applicants/${newId()}`;
  const file = privatePath(publicId);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, bytes, { mode: 0o600 });
  return publicId;
}

export async function readPrivateFile(publicId: string) {
  return fs.readFile(privatePath(publicId));
}

export async function removePrivateFile(publicId: string) {
  await fs.rm(privatePath(publicId), { force: true });
}
