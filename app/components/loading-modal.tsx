import { Spinner } from "./spinner";

/**
 * The blocking loading modal for long actions: covers the page with a message and a spinner.
 * The root shows it while a form that carries a hidden `_loadingMessage` field is submitting.
 */
export function LoadingModal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      className="loading-modal"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="loading-modal-text"
      aria-busy="true"
    >
      <div className="loading-modal-box">
        <Spinner label="" />
        <p id="loading-modal-text">{message}</p>
      </div>
    </div>
  );
}
