import { z } from "zod";

import { LIST_KEY } from "./fields";

// The admissions desk's lists (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md):
// a page is asked for by the last row's key before it, `<time>_<id>` as every staff list takes it
// (docs/product.md §7); nothing else, so a page is always the list's own size.
export const deskListQuery = z
  .object({
    after: z
      .string()
      .max(120)
      .regex(LIST_KEY, "must be the last row's time and id joined by _, as the page before gave it in `next`")
      .transform((key) => {
        const [, at, id] = LIST_KEY.exec(key)!;
        return { at, id };
      })
      .optional(),
  })
  .strict();
