import * as z from "zod/mini";

import { SETTINGS_LIMITS } from "@domain/settings";
import { setupText as t } from "~/content/settings";

// The first run's form (app/routes/fla-admin_.setup.tsx): its own fields here, the password and
// its confirmation by the reset form's schema (docs/product.md §5); the API checks all again.
const required = (message: string, max: number) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));

export const setupFieldsSchema = z.object({
  code: required(t.codeRequired, 200),
  academyName: required(t.academyNameRequired, SETTINGS_LIMITS.text),
  name: required(t.nameRequired, 100),
  email: z.pipe(required(t.emailInvalid, 200), z.email({ error: t.emailInvalid })),
});
