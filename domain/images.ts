/** The widest image the image service delivers (px); wider requests get this width. */
export const MAX_IMAGE_WIDTH = 2000;

/** The longest image id a stored value may name (the image store's ids are far shorter). */
export const MAX_IMAGE_ID_LENGTH = 200;

/**
 * An image's id as the image store gives it (`content/team/abc123`): letters, digits, `_` and `-`
 * in `/`-separated parts. Nothing else may be stored where an image is expected, so a stored
 * value never builds an address outside the image service (docs/decisions/085).
 */
export const isImageId = (value: string) =>
  value.length <= MAX_IMAGE_ID_LENGTH && /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i.test(value);

/** The image types the image pipeline takes (api/storage/images.ts reads the bytes, not this): a file input's `accept`. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"];
