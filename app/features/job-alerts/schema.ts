import * as z from "zod/mini";

import { messages } from "~/content/messages";

// The job alert form's one schema, used by the action (and by conform in the browser on its page).
// Trimmed first, then checked, as the API does (docs/product.md §5).
export const jobAlertSchema = z.object({
  email: z.pipe(
    z.string({ error: "Kindly input your email" }).check(z.trim(), z.minLength(1, "Kindly input your email")),
    z.email({ error: messages.emailMalformed }).check(z.maxLength(200, messages.emailMalformed)),
  ),
});
