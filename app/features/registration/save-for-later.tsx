import { useEffect, useMemo, useState } from "react";
import { flushSync } from "react-dom";
import { useHydrated } from "remix-utils/use-hydrated";

import { savedFormCopy as copy } from "~/content/applicant-journey";

import { LOCAL_COPY_KEY } from "./saved-form";

/**
 * "Save and continue later" (docs/decisions/036): a real submit button, so it works without
 * JavaScript; it skips the browser's and conform's checks, since an unfinished form is saved as it is.
 */
export function SaveForLater({ disabled }: { disabled?: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value="save"
      formNoValidate
      className="btn btn-outline save-for-later"
      disabled={disabled}
    >
      {copy.save}
    </button>
  );
}

type Entries = [string, string][];

/** The form's typed fields (never files, tokens or the honeypot: only the names it is given). */
function typedEntries(form: HTMLFormElement, names: ReadonlySet<string>): Entries {
  const entries: Entries = [];
  for (const [name, value] of new FormData(form))
    if (names.has(name) && typeof value === "string" && value !== "") entries.push([name, value]);
  return entries;
}

/** The phone's copy of the typed fields, only the form's own names; none when unreadable. */
function readLocalCopy(names: readonly string[]): Entries {
  const wanted = new Set(names);
  try {
    const stored = JSON.parse(localStorage.getItem(LOCAL_COPY_KEY) ?? "null") as unknown;
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (e): e is [string, string] =>
        Array.isArray(e) && typeof e[0] === "string" && typeof e[1] === "string" && wanted.has(e[0]),
    );
  } catch {
    // A copy that cannot be read (private mode, a full store) is no copy.
    return [];
  }
}

/**
 * Puts the copy back field by field, in the form's order. Each field's events are answered at once
 * (flushSync): a field that follows another's value is drawn anew when that value changes (the
 * course type, listed for the chosen course, docs/decisions/038), and must be filled after that.
 */
function restore(form: HTMLFormElement, entries: Entries) {
  const byName = new Map<string, string[]>();
  for (const [name, value] of entries) byName.set(name, [...(byName.get(name) ?? []), value]);
  for (const [name, values] of byName) {
    for (const element of Array.from(form.elements)) {
      if (!(
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      ))
        continue;
      if (element.name !== name) continue;
      if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio"))
        element.checked = values.includes(element.value);
      else if (element instanceof HTMLSelectElement && element.multiple)
        for (const option of Array.from(element.options)) option.selected = values.includes(option.value);
      else if (!(element instanceof HTMLInputElement && element.type === "file")) element.value = values[0];
      flushSync(() => {
        element.dispatchEvent(new Event("input", { bubbles: true }));
        element.dispatchEvent(new Event("change", { bubbles: true }));
      });
    }
  }
}

/**
 * With JavaScript, a copy of the typed fields kept on the phone (localStorage) as they change;
 * after a reload or a lost connection the form offers it back. Without JavaScript, nothing: the
 * server's "save and continue later" is the way. Cleared by the thank-you screen.
 */
export function LocalCopy({
  formId,
  names,
  restoredFromServer,
}: {
  formId: string;
  names: readonly string[];
  /** The page already shows a saved or refused form: its values win, nothing is offered. */
  restoredFromServer: boolean;
}) {
  const hydrated = useHydrated();
  const [answered, setAnswered] = useState(false);
  // Read once, as the page comes alive (the server has no copy to offer).
  const stored = useMemo(
    () => (hydrated && !restoredFromServer ? readLocalCopy(names) : []),
    [hydrated, restoredFromServer, names],
  );
  const offer = answered ? [] : stored;
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const wanted = new Set(names);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      clearTimeout(timer);
      timer = undefined;
      try {
        localStorage.setItem(LOCAL_COPY_KEY, JSON.stringify(typedEntries(form, wanted)));
      } catch {
        // Storage full or refused: the server's save still works.
      }
    };
    const keep = () => {
      clearTimeout(timer);
      timer = setTimeout(write, 400);
    };
    // A reload, a closed tab or a switch to another app within the 400 ms would lose the last
    // change: a change still waiting is written as the page is hidden.
    const flush = () => {
      if (timer !== undefined) write();
    };
    const flushWhenHidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    form.addEventListener("input", keep);
    form.addEventListener("change", keep);
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", flushWhenHidden);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", keep);
      form.removeEventListener("change", keep);
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", flushWhenHidden);
    };
  }, [formId, names]);

  if (!offer.length) return null;
  return (
    <div className="saved-banner local-copy" role="status">
      <p>{copy.localFound}</p>
      <p className="thank-you-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            const form = document.getElementById(formId);
            if (form instanceof HTMLFormElement) restore(form, offer);
            setAnswered(true);
          }}
        >
          {copy.localRestore}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            localStorage.removeItem(LOCAL_COPY_KEY);
            setAnswered(true);
          }}
        >
          {copy.localDiscard}
        </button>
      </p>
    </div>
  );
}
