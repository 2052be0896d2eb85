import { useFetchers, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { type ComponentProps, lazy, memo, Suspense, useEffect } from "react";

import { registrationCopy } from "~/content/registration";

import type { RegistrationForm } from "./registration-form";
import { LOCAL_COPY_KEY, REGISTRATION_FORM_ID } from "./saved-form";

// The form's code (conform, its sections, the file pickers) comes when the visitor first touches
// the form (docs/decisions/050-the-form-code-comes-on-first-touch.md). Until then the server's
// form is the page, complete as it is without JavaScript: a submit goes to the server.
let asked = false;
let wake: (() => void) | null = null;
/** Asks for the form's code (again after a failure); the page may ask before React looks for it. */
const touched = () => {
  asked = true;
  wake?.();
  wake = null;
};
const whenAsked = () => (asked ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve)));
let loaded = false;
const FormCode = lazy(async () => {
  const load = () => import("./registration-form").then(({ RegistrationForm }) => ({ default: RegistrationForm }));
  if (typeof document === "undefined") return load();
  let failures = 0;
  for (;;) {
    await whenAsked();
    asked = false;
    try {
      const code = await load();
      loaded = true;
      return code;
    } catch {
      // Offline, or a deployment replaced the module: the server's form stays the page (a submit
      // goes to the server) and the next touch, or the connection's return, tries again. The
      // browser says it is online a moment before a fetch can succeed, so a few tries follow on
      // their own too, 1, 2, 4, 8 and 16 seconds apart.
      if (failures < 5) setTimeout(touched, 1000 * 2 ** failures++);
    }
  }
});

// Listened for from the moment this module runs, before React hydrates anything: a touch in the
// moment between the page's hydration and a component's effect would otherwise go unheard.
if (typeof document !== "undefined") {
  for (const type of ["focusin", "pointerdown", "input", "change"])
    document.addEventListener(
      type,
      (event) => {
        if (event.target instanceof Element && event.target.closest(`#${REGISTRATION_FORM_ID}`)) touched();
      },
      { capture: true, passive: true },
    );
  window.addEventListener("online", touched);
}

/** The phone holds typed answers to offer back: the form must come at once to offer them. */
function hasLocalCopy() {
  try {
    return localStorage.getItem(LOCAL_COPY_KEY) !== null;
  } catch {
    return false;
  }
}

type Props = ComponentProps<typeof RegistrationForm>;

/**
 * Whether the router is about to render this page again: a fetcher (the contact modal), a
 * revalidation, or a navigation that stays on it. Leaving the page needs no form code.
 */
function usePageUpdating() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  return (
    fetchers.length > 0 ||
    revalidator.state !== "idle" ||
    (navigation.state !== "idle" && navigation.location.pathname === pathname)
  );
}

function FormWhenTouched(props: Props) {
  // A router update reaches the form's boundary through Remix's contexts, and React holds such an
  // update (a transition) until the boundary can hydrate: the code is asked for now, in the render,
  // since an effect would wait for the very commit being held (docs/decisions/050).
  if (usePageUpdating()) touched();
  useEffect(() => {
    // Rendered in the browser (a link to this page), answered by the server (its errors move the
    // focus), or a copy to offer back: the code is needed now.
    if (!document.getElementById(REGISTRATION_FORM_ID) || props.lastResult || hasLocalCopy()) touched();
    // Once, as the page comes alive: later renders find the code on its way or here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Suspense
      fallback={
        <p className="form-loading" role="status">
          <span className="spinner" aria-hidden="true" /> {registrationCopy.loadingForm}
        </p>
      }
    >
      <FormCode {...props} />
    </Suspense>
  );
}

/**
 * The registration form, its code fetched on the first touch. Until the code is here the form
 * keeps the server's HTML whatever the page's data does: a new render before then would make
 * React drop that HTML (and what was typed into it) for the fallback.
 */
export const RegistrationFormOnFirstTouch = memo(FormWhenTouched, (before, after) => {
  if (!loaded) return true;
  return Object.keys(after).every((k) => before[k as keyof Props] === after[k as keyof Props]);
});
