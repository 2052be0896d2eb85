import { useFetchers, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { type ComponentType, lazy, memo, Suspense, useEffect } from "react";

// A form whose code (conform, its fields) comes when the visitor first touches it
// (docs/decisions/050-the-form-code-comes-on-first-touch.md). Until then the server's form is
// the page, complete as it is without JavaScript: a submit goes to the server.

type Options<P> = {
  /** The id of the server's `<form>`: a touch inside it asks for the code. */
  formId: string;
  /** The form's own module. */
  load: () => Promise<ComponentType<P>>;
  /** Shown only if React must render the form before its code came (never over the server's form). */
  loadingText: string;
  /** Whether the page needs the code as it comes alive, touched or not (an answered submission…). */
  neededAtOnce: (props: P) => boolean;
};

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

/** The form `load` brings, its code fetched on the first touch of the form `formId`. */
export function formOnFirstTouch<P extends object>({ formId, load, loadingText, neededAtOnce }: Options<P>) {
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
  // Typed as the form it brings: a lazy component's props add a ref the generic form has no use for.
  const FormCode = lazy<ComponentType<P>>(async () => {
    const code = () => load().then((component) => ({ default: component }));
    if (typeof document === "undefined") return code();
    let failures = 0;
    for (;;) {
      await whenAsked();
      asked = false;
      try {
        const module = await code();
        loaded = true;
        return module;
      } catch {
        // Offline, or a deployment replaced the module: the server's form stays the page (a submit
        // goes to the server) and the next touch, or the connection's return, tries again. The
        // browser says it is online a moment before a fetch can succeed, so a few tries follow on
        // their own too, 1, 2, 4, 8 and 16 seconds apart.
        if (failures < 5) setTimeout(touched, 1000 * 2 ** failures++);
      }
    }
  }) as unknown as ComponentType<P>;

  // Listened for from the moment the form's module runs, before React hydrates anything: a touch
  // in the moment between the page's hydration and a component's effect would otherwise go unheard.
  if (typeof document !== "undefined") {
    for (const type of ["focusin", "pointerdown", "input", "change"])
      document.addEventListener(
        type,
        (event) => {
          if (event.target instanceof Element && event.target.closest(`#${formId}`)) touched();
        },
        { capture: true, passive: true },
      );
    window.addEventListener("online", touched);
  }

  function FormWhenTouched(props: P) {
    // A router update reaches the form's boundary through Remix's contexts, and React holds such an
    // update (a transition) until the boundary can hydrate: the code is asked for now, in the render,
    // since an effect would wait for the very commit being held (docs/decisions/050).
    if (usePageUpdating()) touched();
    useEffect(() => {
      // Rendered in the browser (a link to this page), or needed as the page comes alive.
      if (!document.getElementById(formId) || neededAtOnce(props)) touched();
      // Once, as the page comes alive: later renders find the code on its way or here.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return (
      <Suspense
        fallback={
          <p className="form-loading" role="status">
            <span className="spinner" aria-hidden="true" /> {loadingText}
          </p>
        }
      >
        <FormCode {...props} />
      </Suspense>
    );
  }

  // Until the code is here the form keeps the server's HTML whatever the page's data does: a new
  // render before then would make React drop that HTML (and what was typed into it) for the fallback.
  return memo(FormWhenTouched, (before, after) => {
    if (!loaded) return true;
    return (Object.keys(after) as (keyof P)[]).every((k) => before[k] === after[k]);
  });
}
