import { PHOTO_DOWNSCALE, UPLOAD_LIMITS } from "@domain/uploads";

// With JavaScript, a phone photo is shrunk in the browser before it is sent (docs/decisions/018-registration-for-phones.md): a 5 MB
// camera JPEG becomes ~0.5–1 MB, fits the 3 MB limit and costs less data on a slow network.
// It starts the moment a photo is picked, whether or not the form's code has come or React has
// hydrated the page (docs/decisions/072-photos-shrunk-from-the-first-pick.md): this module runs with
// the page's own scripts, and listens on the window, not through React.
// Without JavaScript (and in Lite) nothing can shrink it: the form says so beside the picker.

const SHRINKABLE = new Set(["image/jpeg", "image/webp", "image/png"]);

/** Whether a picked file is worth shrinking: a JPEG/WebP over 1 MB, or any image over the limit. */
export function shouldShrink(file: File) {
  if (!SHRINKABLE.has(file.type)) return false;
  if (file.size > UPLOAD_LIMITS.maxFileBytes) return true;
  return file.type !== "image/png" && file.size > 1024 * 1024;
}

/** The photo redrawn with its long side at most PHOTO_DOWNSCALE.longSide, as a JPEG; the original if that is not smaller. */
async function shrinkPhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file; // Not decodable here: the server decides (by content), as without JavaScript.
  }
  const scale = Math.min(1, PHOTO_DOWNSCALE.longSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) return file;
  // A transparent PNG turned JPEG gets white, not black, behind it.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", PHOTO_DOWNSCALE.quality),
  );
  if (!blob || blob.size >= file.size) return file;
  const name = file.name.replace(/\.[^.]*$/, "") + ".jpg";
  return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
}

/** Replaces the input's picked photos by their shrunk copies (DataTransfer: the one way to set a file input's files). */
async function shrinkPickedPhotos(input: HTMLInputElement) {
  const files = await Promise.all(Array.from(input.files ?? []).map((f) => (shouldShrink(f) ? shrinkPhoto(f) : f)));
  const transfer = new DataTransfer();
  for (const f of files) transfer.items.add(f);
  input.files = transfer.files;
}

/**
 * Shrinks the photos picked in the form `formId` from now on, and those picked before this ran.
 * While a pick is being shrunk its `input` and `change` events are held back (the form's checks
 * would judge the full-size photo) and sent again once it is done, the input is marked
 * `data-shrinking` (the form's "Preparing your photo…" shows), and a submit waits for it.
 */
export function shrinkPhotosFrom(formId: string) {
  if (typeof document === "undefined" || typeof DataTransfer === "undefined") return;
  // What the form says where nothing can shrink a photo (JavaScript off, Lite) is hidden from now on.
  document.documentElement.dataset.photosShrink = "";
  const working = new Map<HTMLInputElement, Promise<void>>();
  const ours = new WeakSet<Event>();
  const picker = (target: EventTarget | null) =>
    target instanceof HTMLInputElement && target.type === "file" && target.form?.id === formId ? target : null;

  const shrink = (input: HTMLInputElement) => {
    if (working.has(input) || !Array.from(input.files ?? []).some(shouldShrink)) return;
    input.dataset.shrinking = "";
    const work = shrinkPickedPhotos(input)
      .catch(() => undefined) // Left as picked: the server shrinks what it must, as without JavaScript.
      .finally(() => {
        working.delete(input);
        delete input.dataset.shrinking;
        for (const type of ["input", "change"]) {
          const event = new Event(type, { bubbles: true });
          ours.add(event);
          input.dispatchEvent(event);
        }
      });
    working.set(input, work);
  };

  const hold = (event: Event) => {
    const input = picker(event.target);
    if (!input || ours.has(event)) return;
    shrink(input);
    if (working.has(input)) event.stopImmediatePropagation();
  };
  window.addEventListener("input", hold, true);
  window.addEventListener("change", hold, true);

  // The visitor's submit (or "save for later") waiting for a pick; sent, the latest, once it is done.
  let held: { submitter: HTMLElement | null } | null = null;
  window.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.id !== formId || !working.size) return;
      const submitter = (event as SubmitEvent).submitter;
      // A hidden submitter is a script's own request (conform's checks of a field), not the visitor's.
      if (submitter?.hidden) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (held) return void (held.submitter = submitter);
      held = { submitter };
      void Promise.all(working.values()).then(() => {
        const button = held?.submitter;
        held = null;
        form.requestSubmit(button instanceof HTMLButtonElement && button.form === form ? button : null);
      });
    },
    true,
  );

  for (const input of Array.from(document.querySelectorAll(`#${formId} input[type="file"]`)))
    if (input instanceof HTMLInputElement) shrink(input);
}
