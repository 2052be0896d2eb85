// Upload limits both tiers apply (docs/product.md §5): the form checks them first, the API for good.
export const UPLOAD_LIMITS = {
  /** Applicant files: per group (ID cards, certificate), each at most 3 MB. */
  filesPerGroup: 3,
  maxFileBytes: 3145728,
  /** Images the editors upload. */
  maxImageBytes: 8 * 1024 * 1024,
} as const;
/**
 * What the registration form's file inputs accept: PDF and PNG (docs/product.md §5), and the
 * JPEG and WebP a phone camera takes (docs/decisions/018-registration-for-phones.md).
 * Each is checked by content by the API, the name's extension by both tiers.
 */
export const ACCEPTED_FILE_EXTENSIONS = [".pdf", ".png", ".jpg", ".jpeg", ".webp"] as const;
export const ACCEPTED_FILE_TYPES = ".pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp";
/** The content type each accepted extension must carry. */
export const TYPE_OF_EXTENSION: Record<(typeof ACCEPTED_FILE_EXTENSIONS)[number], string> = {
  ".pdf": "application/pdf",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
};
export const hasAcceptedExtension = (name: string) => /\.(pdf|png|jpe?g|webp)$/i.test(name);
/** Photos the browser shrinks before upload (JavaScript on): the long side, and the JPEG quality. */
export const PHOTO_DOWNSCALE = { longSide: 2000, quality: 0.85 } as const;
