import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { useAcademyName } from "~/hooks/use-settings";

/** The plain frame of the staff pages that the site header does not cover (login, reset). */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <Link to="/" className="auth-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <span>{useAcademyName()}</span>
        </Link>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function FormErrors({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-error-summary" role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}
