// The phone's copy of the typed fields, offered back on the registration form read offline
// (docs/decisions/072-photos-shrunk-from-the-first-pick.md, "Offline"). Offline the worker shows the
// form kept for it as its JavaScript-off page (docs/decisions/042-offline-reading.md): the form's
// own code, which offers the copy with a connection (save-for-later.tsx), is not there. The worker
// adds this one function to that page instead, as its source text, so it uses nothing from outside
// its body but its `settings` (no imports, no helpers), and costs the page's own JavaScript nothing.

export type OfflineOfferSettings = {
  /** The form's id. */
  formId: string;
  /** Where the form's code keeps the copy (saved-form.ts's LOCAL_COPY_KEY). */
  key: string;
  /** The fields the copy keeps (registration-form.tsx's LOCAL_COPY_NAMES: the typed ones, not files or tokens). */
  names: string[];
  words: { found: string; restore: string; discard: string };
};

export function offerLocalCopyOffline(settings: OfflineOfferSettings) {
  const form = document.getElementById(settings.formId);
  if (!(form instanceof HTMLFormElement)) return;
  // What is typed offline is kept as the form's code keeps it with a connection (save-for-later.tsx,
  // LocalCopy): 400 ms after the typing stops, at once when the page is hidden. Without this, what
  // was typed after a restore here was lost on the next reload.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const typed: [string, string][] = [];
    for (const [name, value] of new FormData(form))
      if (settings.names.includes(name) && typeof value === "string" && value !== "") typed.push([name, value]);
    try {
      localStorage.setItem(settings.key, JSON.stringify(typed));
    } catch {
      // Storage full or refused: nothing more can be kept.
    }
  };
  const keep = () => {
    clearTimeout(timer);
    timer = setTimeout(write, 400);
  };
  const flush = () => {
    if (timer !== undefined) write();
  };
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });

  let entries: [string, string][] = [];
  try {
    const stored = JSON.parse(localStorage.getItem(settings.key) ?? "null") as unknown;
    if (Array.isArray(stored))
      entries = stored.filter(
        (e): e is [string, string] => Array.isArray(e) && typeof e[0] === "string" && typeof e[1] === "string",
      );
  } catch {
    // A copy that cannot be read (private mode, a full store) is no copy.
  }
  if (!entries.length) return;

  const offer = document.createElement("div");
  offer.className = "saved-banner local-copy";
  offer.setAttribute("role", "status");
  const text = document.createElement("p");
  text.textContent = settings.words.found;
  const actions = document.createElement("p");
  actions.className = "thank-you-actions";
  const button = (label: string, className: string, answer: () => void) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.textContent = label;
    b.addEventListener("click", () => {
      answer();
      offer.remove();
    });
    actions.append(b);
  };
  // Put back field by field as the form's code does; the page without JavaScript lists every
  // course type, so a type is found whatever the course.
  button(settings.words.restore, "btn btn-primary", () => {
    for (const element of Array.from(form.elements)) {
      if (!(
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      ))
        continue;
      const values = entries.filter(([name]) => name === element.name).map(([, value]) => value);
      if (!values.length) continue;
      if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio"))
        element.checked = values.includes(element.value);
      else if (element instanceof HTMLSelectElement && element.multiple)
        for (const option of Array.from(element.options)) option.selected = values.includes(option.value);
      else if (!(element instanceof HTMLInputElement && (element.type === "file" || element.type === "hidden")))
        element.value = values[0];
    }
  });
  button(settings.words.discard, "btn btn-outline", () => {
    try {
      localStorage.removeItem(settings.key);
    } catch {
      // Storage refused: nothing to forget.
    }
  });
  offer.append(text, actions);
  form.prepend(offer);
}
