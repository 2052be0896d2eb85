import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { ErrorList } from "~/components/forms";
import { sessionModalText as t } from "~/content/staff";

type Props = {
  pendingIntent: string;
  error?: string;
  email: FieldMetadata<string>;
  password: FieldMetadata<string>;
  hydrated: boolean;
  pending: boolean;
  onClose: () => void;
};

// SPEC §2/§8: the Session Expired modal. It sits inside the editor form, so with
// JavaScript off its Login button posts everything typed along with the credentials and
// nothing is lost; with JavaScript the page simply stays as it is.
export function SessionExpiredModal({ pendingIntent, error, email, password, hydrated, pending, onClose }: Props) {
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => emailRef.current?.focus(), []);
  return (
    <div className="modal-layer">
      {/* Without JavaScript, Close is a CSS toggle (the checkbox has no name, so it is never sent). */}
      {hydrated ? null : <input type="checkbox" id="session-modal-closed" className="modal-toggle" />}
      <div className="modal-backdrop">
        <div className="modal" role="dialog" aria-modal="true" aria-labelledby="session-expired-title" aria-describedby="session-expired-body">
          <h2 id="session-expired-title">{t.title}</h2>
          <p id="session-expired-body">{t.body}</p>
          <input type="hidden" name="pendingIntent" value={pendingIntent} />
          {error ? <p className="form-error-summary" role="alert">{error}</p> : null}
          <div className="field" data-invalid={email.errors?.length ? "" : undefined}>
            <label htmlFor={email.id}>{t.email}</label>
            <input {...getInputProps(email, { type: "email", ariaAttributes: true })} key={email.key} ref={emailRef} autoComplete="username" />
            <ErrorList id={email.errorId} errors={email.errors} />
          </div>
          <div className="field" data-invalid={password.errors?.length ? "" : undefined}>
            <label htmlFor={password.id}>{t.password}</label>
            <input {...getInputProps(password, { type: "password", ariaAttributes: true })} key={password.key} autoComplete="current-password" />
            <ErrorList id={password.errorId} errors={password.errors} />
          </div>
          <div className="modal-actions">
            {hydrated ? (
              <button type="button" className="btn btn-outline" onClick={onClose}>{t.close}</button>
            ) : (
              <label htmlFor="session-modal-closed" className="btn btn-outline">{t.close}</label>
            )}
            <button type="submit" name="intent" value="relogin" className="btn btn-primary" disabled={pending} aria-busy={pending}>
              {pending ? t.loggingIn : t.login}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
