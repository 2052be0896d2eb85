import type { ComponentProps } from "react";

import { formOnFirstTouch } from "~/components/form-on-first-touch";
import { contactCopy } from "~/content/contact";

import type { ContactPageForm } from "./contact-form";
import { CONTACT_PAGE_FORM_ID } from "./form-ids";

/**
 * The contact page's form, its code (conform, the fields) fetched on the first touch
 * (docs/decisions/050-the-form-code-comes-on-first-touch.md); at once to show a submission's errors.
 */
export const ContactPageFormOnFirstTouch = formOnFirstTouch<ComponentProps<typeof ContactPageForm>>({
  formId: CONTACT_PAGE_FORM_ID,
  load: () => import("./contact-form").then(({ ContactPageForm }) => ContactPageForm),
  loadingText: contactCopy.loading,
  neededAtOnce: (props) => Boolean(props.lastResult),
});
