import { z } from "zod";

// The contact messages' read/unread forms (docs/product.md §4); the API checks the same again.
const messageId = z.string().trim().min(1).max(64);
export const markForm = z.union([
  z.object({ intent: z.literal("read"), id: messageId }),
  z.object({ intent: z.literal("unread"), id: messageId }),
  /** What the list showed: up to the moment the page was read, within its search. */
  z.object({
    intent: z.literal("read-all"),
    until: z.iso.datetime().optional(),
    q: z.string().trim().max(100).optional(),
  }),
]);

/** `?show=new` keeps only the messages no one has marked read; anything else shows all. */
export const showNewOnly = (url: URL) => url.searchParams.get("show") === "new";
