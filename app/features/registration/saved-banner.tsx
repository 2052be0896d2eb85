import { savedFormCopy as copy } from "~/content/applicant-journey";

import { ForgetLocalCopy } from "./forget-local-copy";

type Saved = {
  link: string;
  justSaved: "mailed" | "shown" | null;
  expired: boolean;
} | null;

/** Above the form opened from a saved copy: the resume link just after saving, a welcome back, or that it expired. */
export function SavedBanner({ saved }: { saved: Saved }) {
  if (!saved) return null;
  // Expired, sent or erased: the server holds the form no more, and neither does the phone.
  if (saved.expired)
    return (
      <>
        <p className="form-error-summary saved-banner" role="alert">
          {copy.expired}
        </p>
        <ForgetLocalCopy />
      </>
    );
  if (saved.justSaved)
    return (
      <section className="saved-banner" role="status" aria-labelledby="saved-title">
        <h2 id="saved-title">{copy.savedTitle}</h2>
        <p>{copy.savedBody}</p>
        <p className="saved-link">
          <a href={saved.link}>{saved.link}</a>
        </p>
        {saved.justSaved === "mailed" ? <p>{copy.savedMailed}</p> : null}
      </section>
    );
  return (
    <section className="saved-banner" aria-labelledby="saved-title">
      <h2 id="saved-title">{copy.resumedTitle}</h2>
      <p>{copy.resumedBody}</p>
    </section>
  );
}
