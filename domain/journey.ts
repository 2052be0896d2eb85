import { UPLOAD_LIMITS } from "./uploads";

// After the form (docs/product.md §2, "Status page"): the limits of the applicant's private
// links and saved forms, shared by the API that enforces them and the pages that explain them.
export const JOURNEY_LIMITS = {
  /** A saved, unfinished registration is kept this long, then removed with its files. */
  savedFormDays: 14,
  /** A camera photo (JPEG, WebP) up to this size is taken and shrunk by the server to fit maxFileBytes. */
  maxPhotoBytes: 15 * 1024 * 1024,
  /** The transfer reference typed beside a receipt. */
  transferReferenceLength: 80,
} as const;
/** A private token (status link, saved form): 32 random bytes, base64url. */
export const PRIVATE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The largest file accepted under this name: a camera photo (JPEG, WebP) is shrunk by the server, anything else must fit 3 MB. */
export const largestAccepted = (name: string) =>
  /\.(jpe?g|webp)$/i.test(name) ? JOURNEY_LIMITS.maxPhotoBytes : UPLOAD_LIMITS.maxFileBytes;

/**
 * The statuses an applicant may still withdraw from their own status link
 * (docs/decisions/091-a-link-withdraws-only-with-the-date-of-birth.md). From Paid on, money and a
 * seat are settled: admissions withdraws (and decides the refund), never the link.
 */
export const WITHDRAWABLE_BY_LINK: readonly string[] = ["new", "contacted", "offered", "accepted"];
