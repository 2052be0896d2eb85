import { Form } from "@remix-run/react";
import { useId } from "react";

import type { ItemType } from "@domain/items";
import { formatLagos } from "@domain/schedule";
import { editorText as t } from "~/content/editor";
import { discardDraftPath } from "~/utils/paths";

const DIALOG_ID = "discard-draft-dialog";

/**
 * At the top of a new item's editor when a saved draft was restored: which draft (when it was
 * last saved), that nothing of it is public, and "Discard draft" (docs/product.md §2, Editors). The
 * trigger is a link to the confirmation page without JavaScript; with it, it opens the dialog
 * below the editor's form (a form may not hold another).
 */
export function RestoredDraftNotice({ type, savedAt }: { type: ItemType; savedAt: string | null }) {
  return (
    <div className="editor-notice editor-notice-info restored-draft" role="status">
      <p>
        <strong>{t.draftLoaded}.</strong> {savedAt ? t.draftSavedAt(formatLagos(savedAt)) : null}
      </p>
      <p>
        {t.draftNotPublic}{" "}
        <a
          href={discardDraftPath(type)}
          className="btn btn-outline btn-danger"
          onClick={(event) => {
            const dialog = document.getElementById(DIALOG_ID) as HTMLDialogElement | null;
            if (!dialog?.showModal) return;
            event.preventDefault();
            dialog.showModal();
          }}
        >
          {t.discardDraft}
        </a>
      </p>
    </div>
  );
}

/**
 * The confirmation, outside the editor's form; it posts to the confirmation page's action as a
 * whole-page post, so the editor then loads afresh (empty) rather than keep the form's state.
 */
export function DiscardDraftDialog({ type }: { type: ItemType }) {
  const titleId = useId();
  const textId = useId();
  return (
    <dialog id={DIALOG_ID} className="confirm-dialog" aria-labelledby={titleId} aria-describedby={textId}>
      <h2 id={titleId}>{t.discardTitle}</h2>
      <p id={textId}>{t.discardText}</p>
      <Form method="post" action={discardDraftPath(type)} className="confirm-actions" reloadDocument>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => (document.getElementById(DIALOG_ID) as HTMLDialogElement | null)?.close()}
        >
          {t.keepDraft}
        </button>
        <button type="submit" className="btn btn-primary btn-danger">
          {t.discardDraft}
        </button>
      </Form>
    </dialog>
  );
}
