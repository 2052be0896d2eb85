import { PHOTO_DOWNSCALE, UPLOAD_LIMITS } from "@domain/uploads";

// With JavaScript, a phone photo is shrunk in the browser before it is sent (docs/decisions/018-registration-for-phones.md): a 5 MB
// camera JPEG becomes ~0.5–1 MB, fits the 3 MB limit and costs less data on a slow network.
// Without JavaScript nothing changes: the server's limits and messages apply as they are.

const SHRINKABLE = new Set(["image/jpeg", "image/webp", "image/png"]);

/** Whether a picked file is worth shrinking: a JPEG/WebP over 1 MB, or any image over the limit. */
export function shouldShrink(file: File) {
  if (!SHRINKABLE.has(file.type)) return false;
  if (file.size > UPLOAD_LIMITS.maxFileBytes) return true;
  return file.type !== "image/png" && file.size > 1024 * 1024;
}

/** The photo redrawn with its long side at most PHOTO_DOWNSCALE.longSide, as a JPEG; the original if that is not smaller. */
export async function shrinkPhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file; // Not decodable here: the server decides (by content), as without JavaScript.
  }
  const scale = Math.min(1, PHOTO_DOWNSCALE.longSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) return file;
  // A transparent PNG turned JPEG gets white, not black, behind it.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", PHOTO_DOWNSCALE.quality),
  );
  if (!blob || blob.size >= file.size) return file;
  const name = file.name.replace(/\.[^.]*$/, "") + ".jpg";
  return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
}

/** Replaces the input's picked photos by their shrunk copies (DataTransfer: the one way to set a file input's files). */
export async function shrinkPickedPhotos(input: HTMLInputElement) {
  const picked = Array.from(input.files ?? []);
  if (!picked.some(shouldShrink) || typeof DataTransfer === "undefined") return;
  const files = await Promise.all(picked.map((f) => (shouldShrink(f) ? shrinkPhoto(f) : f)));
  const transfer = new DataTransfer();
  for (const f of files) transfer.items.add(f);
  input.files = transfer.files;
}
