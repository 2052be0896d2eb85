import { Form } from "@remix-run/react";
import { useId, useRef } from "react";

type Props = {
  /** The confirmation page: where the trigger leads without JavaScript. */
  href: string;
  /** Where the confirming form posts (the confirmation page's own action). */
  action: string;
  label: string;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  className?: string;
};

/**
 * A destructive action behind a confirmation (docs/product.md §4). Without JavaScript the
 * trigger is a link to a confirmation page; with it, the same question in a native modal
 * <dialog>: showModal keeps focus inside and makes the page behind inert, Escape closes it,
 * and focus goes back to the trigger.
 */
export function ConfirmAction({
  href,
  action,
  label,
  title,
  text,
  confirmLabel,
  cancelLabel,
  className = "btn btn-outline btn-danger",
}: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const titleId = useId();
  const textId = useId();
  return (
    <>
      <a
        ref={triggerRef}
        href={href}
        className={className}
        onClick={(event) => {
          if (!dialogRef.current?.showModal) return;
          event.preventDefault();
          dialogRef.current.showModal();
        }}
      >
        {label}
      </a>
      <dialog
        ref={dialogRef}
        className="confirm-dialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onClose={() => triggerRef.current?.focus()}
      >
        <h2 id={titleId}>{title}</h2>
        <p id={textId}>{text}</p>
        <Form method="post" action={action} className="confirm-actions">
          <button type="button" className="btn btn-outline" onClick={() => dialogRef.current?.close()}>
            {cancelLabel}
          </button>
          <button type="submit" className="btn btn-primary btn-danger">
            {confirmLabel}
          </button>
        </Form>
      </dialog>
    </>
  );
}
