// Image delivery URLs with Cloudinary-style transforms (`w_400,h_250,c_fill,dpr_2,f_auto`),
// the same shape for the API's own store and for the image host. Widths are capped at 2000.
import { MAX_IMAGE_WIDTH } from "@domain/images";

export type Transform = { width: number; height?: number; dpr?: number; low?: boolean };

/** `low`: Cloudinary's `q_auto:low`, for the Lite pages (docs/decisions/041-lite-mode.md). */
export function imageUrl(base: string, publicId: string, { width, height, dpr, low }: Transform) {
  const w = Math.min(width, MAX_IMAGE_WIDTH);
  const parts = [`w_${w}`];
  if (height) parts.push(`h_${Math.round((height * w) / width)}`, "c_fill");
  else parts.push("c_limit");
  if (dpr && dpr !== 1) parts.push(`dpr_${dpr}`);
  parts.push("f_auto", low ? "q_auto:low" : "q_auto");
  return `${base}/${parts.join(",")}/${publicId}`;
}
