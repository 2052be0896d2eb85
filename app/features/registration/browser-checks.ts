import * as z from "zod/mini";

import { registrationSchema } from "~/features/registration/schema";
import { validateForm } from "~/utils/validate-form";

// The registration form's checks in the browser: fetched once the form has hydrated, so zod and
// the schema are not part of the page's first JavaScript (docs/decisions/045-first-paint-like-the-blog.md).

// Not parseWithZod: conform's zod adapter brings classic zod into the page (see validate-form.ts).
export const checkRegistration = (formData: FormData) => validateForm(formData, registrationSchema);

const SAVE_ANYTHING = z.looseObject({});
/** "Save and continue later" keeps an unfinished form as it is: nothing to check (decision 036). */
export const checkNothing = (formData: FormData) =>
  validateForm(formData, SAVE_ANYTHING) as unknown as ReturnType<typeof checkRegistration>;
