// The three kinds of item staff write and visitors read (docs/product.md §3): the API's routes,
// the editor's URLs (/edit/$type/$id), the trash, the history and the image folders all name them.
export const ITEM_TYPES = ["course", "article", "job"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** The `$type` of a URL (or any value) as an item type; null when it names none. */
export function itemTypeOf(value: unknown): ItemType | null {
  return (ITEM_TYPES as readonly unknown[]).includes(value) ? (value as ItemType) : null;
}

/** An item's image folder in the image store: its type, a slash, then letters, digits, `_` or `-`. */
export const ASSET_FOLDER = /^(course|article|job)\/[a-z0-9_-]+$/i;
