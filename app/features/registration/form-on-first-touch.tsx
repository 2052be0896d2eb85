import type { ComponentProps } from "react";

import { formOnFirstTouch } from "~/components/form-on-first-touch";
import { registrationCopy } from "~/content/registration";

import type { RegistrationForm } from "./registration-form";
import { LOCAL_COPY_KEY, REGISTRATION_FORM_ID } from "./saved-form";
import { shrinkPhotosFrom } from "./shrink-photo";

// The form's code (conform, its sections, the file pickers) comes when the visitor first touches
// the form (docs/decisions/050-the-form-code-comes-on-first-touch.md).

// Photos are shrunk from the moment they are picked, before the form's code is here
// (docs/decisions/072-photos-shrunk-from-the-first-pick.md): this module runs with the page.
shrinkPhotosFrom(REGISTRATION_FORM_ID);

/** The phone holds typed answers to offer back: the form must come at once to offer them. */
function hasLocalCopy() {
  try {
    return localStorage.getItem(LOCAL_COPY_KEY) !== null;
  } catch {
    return false;
  }
}

/** The registration form, its code fetched on the first touch; at once to show a submission's errors or offer a copy back. */
export const RegistrationFormOnFirstTouch = formOnFirstTouch<ComponentProps<typeof RegistrationForm>>({
  formId: REGISTRATION_FORM_ID,
  load: () => import("./registration-form").then(({ RegistrationForm }) => RegistrationForm),
  loadingText: registrationCopy.loadingForm,
  neededAtOnce: (props) => Boolean(props.lastResult) || hasLocalCopy(),
});
