import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

// zod/mini, not classic zod (decision 023): the admin page's browser code imports this module's
// chunk, and classic zod there would be loaded for nothing.
// zod/mini sets no locale of its own: the rules that name no message speak English, as with
// classic zod (which installs the same English locale when none is set).
if (!z.config().localeError) z.config(en());

// The contact messages' read/unread forms (docs/product.md §4); the API checks the same again.
const messageId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));
export const markForm = z.union([
  z.object({ intent: z.literal("read"), id: messageId }),
  z.object({ intent: z.literal("unread"), id: messageId }),
  /** What the list showed: up to the moment the page was read, within its search. */
  z.object({
    intent: z.literal("read-all"),
    until: z.optional(z.iso.datetime()),
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  }),
]);

/** `?show=new` keeps only the messages no one has marked read; anything else shows all. */
export const showNewOnly = (url: URL) => url.searchParams.get("show") === "new";
