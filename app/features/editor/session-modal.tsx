import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { type ReactNode, useLayoutEffect, useRef } from "react";

import { ErrorList } from "~/components/form-parts";
import { sessionModalText as t } from "~/content/editor";

type Props = {
  pendingIntent: string;
  error?: string;
  email: FieldMetadata<string>;
  password: FieldMetadata<string>;
  hydrated: boolean;
  pending: boolean;
  onClose: () => void;
};

// docs/product.md §2/§8: the Session Expired modal. It sits inside the editor form, so with
// JavaScript off its Login button posts everything typed along with the credentials and
// nothing is lost; with JavaScript the page simply stays as it is.
export function SessionExpiredModal({ pendingIntent, error, email, password, hydrated, pending, onClose }: Props) {
  const content = (
    <>
      <h2 id="session-expired-title">{t.title}</h2>
      <p id="session-expired-body">{t.body}</p>
      <input type="hidden" name="pendingIntent" value={pendingIntent} />
      {error ? (
        <p className="form-error-summary" role="alert">
          {error}
        </p>
      ) : null}
      <div className="field" data-invalid={email.errors?.length ? "" : undefined}>
        <label htmlFor={email.id}>{t.email}</label>
        <input
          {...getInputProps(email, { type: "email", ariaAttributes: true })}
          key={email.key}
          autoComplete="username"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- JS off: the open Session Expired dialog starts on its e-mail field so it can be completed by keyboard
          autoFocus={!hydrated}
        />
        <ErrorList id={email.errorId} errors={email.errors} />
      </div>
      <div className="field" data-invalid={password.errors?.length ? "" : undefined}>
        <label htmlFor={password.id}>{t.password}</label>
        <input
          {...getInputProps(password, { type: "password", ariaAttributes: true })}
          key={password.key}
          autoComplete="current-password"
        />
        <ErrorList id={password.errorId} errors={password.errors} />
      </div>
      <div className="modal-actions">
        {hydrated ? (
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t.close}
          </button>
        ) : (
          <label htmlFor="session-modal-closed" className="btn btn-outline">
            {t.close}
          </label>
        )}
        <button
          type="submit"
          name="intent"
          value="relogin"
          className="btn btn-primary"
          disabled={pending}
          aria-busy={pending}
        >
          {pending ? t.loggingIn : t.login}
        </button>
      </div>
    </>
  );
  if (hydrated)
    return (
      <ModalDialog pendingIntent={pendingIntent} onClose={onClose}>
        {content}
      </ModalDialog>
    );
  // Without JavaScript: an open (non-modal) dialog over a backdrop, its Email field focused
  // on load; Close is a CSS toggle (the checkbox has no name, so it is never sent).
  return (
    <div className="modal-layer">
      <input type="checkbox" id="session-modal-closed" className="modal-toggle" />
      <div className="modal-backdrop">
        <dialog open className="modal" aria-labelledby="session-expired-title" aria-describedby="session-expired-body">
          {content}
        </dialog>
      </div>
    </div>
  );
}

/**
 * With JavaScript, a modal <dialog> (showModal): the page behind is inert so Tab stays inside,
 * Escape closes it, and on close the focus goes back to the control whose post found the
 * session expired.
 */
function ModalDialog({
  pendingIntent,
  onClose,
  children,
}: {
  pendingIntent: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const active = document.activeElement;
    // A submit button is disabled while its post is in flight, which drops its focus: then the
    // opener is the editor's button for the interrupted intent.
    const opener =
      active instanceof HTMLElement && active !== document.body && !dialog.contains(active)
        ? active
        : dialog
            .closest("form")
            ?.querySelector<HTMLElement>(`button[name="intent"][value="${pendingIntent || "publish"}"]`);
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
    // The opener is whoever had the focus when the modal first opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby="session-expired-title"
      aria-describedby="session-expired-body"
      onClose={onClose}
    >
      {children}
    </dialog>
  );
}
