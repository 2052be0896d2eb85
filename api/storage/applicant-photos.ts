import sharp from "sharp";

import { JOURNEY_LIMITS } from "@domain/journey";
import { PHOTO_DOWNSCALE, UPLOAD_LIMITS } from "@domain/uploads";

import { MAX_INPUT_PIXELS } from "./images";
import { checkApplicantFile, FILE_TOO_BIG, FileRejectedError } from "./private-files";

// Camera photos from any phone (docs/decisions/036): a browser without JavaScript or a File API
// (Opera Mini's data saver) sends the camera's file as it is, often 4–12 MB with the place it was
// taken in its EXIF. Every JPEG and WebP an applicant sends is decoded here and written again:
// turned upright, its long side at most 2,000 px, quality 85, and no metadata (sharp keeps none
// unless asked), so no stored photo carries a GPS tag, whichever path it took. PDFs and PNGs are
// stored as sent and must fit 3 MB.

/** At most this many photos are re-encoded at once: a burst of uploads queues, not every core. */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((go) => waiting.push(go));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const isPhoto = (type: string) => type === "image/jpeg" || type === "image/webp";

/** The largest file an applicant may send for this name: a photo is shrunk after, anything else is stored as sent. */
export const acceptedBytes = (name: string) =>
  /\.(jpe?g|webp)$/i.test(name) ? JOURNEY_LIMITS.maxPhotoBytes : UPLOAD_LIMITS.maxFileBytes;

/**
 * Checks an applicant's file and answers the bytes to store: a photo re-encoded without its
 * metadata, anything else unchanged. Throws FileRejectedError with the words the applicant sees.
 */
export async function prepareApplicantFile(name: string, bytes: Buffer): Promise<{ bytes: Buffer; type: string }> {
  const type = checkApplicantFile(name, bytes, acceptedBytes(name));
  if (!isPhoto(type)) return { bytes, type };
  let shrunk: Buffer;
  try {
    shrunk = await inSlot(() => {
      const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate().resize({
        width: PHOTO_DOWNSCALE.longSide,
        height: PHOTO_DOWNSCALE.longSide,
        fit: "inside",
        withoutEnlargement: true,
      });
      const quality = Math.round(PHOTO_DOWNSCALE.quality * 100);
      return (type === "image/webp" ? image.webp({ quality }) : image.jpeg({ quality })).toBuffer();
    });
  } catch {
    throw new FileRejectedError(`${name} could not be read as a photo. Take the photo again, or send a PDF.`);
  }
  if (shrunk.length > UPLOAD_LIMITS.maxFileBytes) throw new FileRejectedError(FILE_TOO_BIG);
  return { bytes: shrunk, type };
}
