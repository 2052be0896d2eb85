import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

import { RequestIdNote } from "~/components/request-id";
import { messages } from "~/content/messages";
import { isForbidden } from "~/features/auth/forbidden";

/** Every route's errors end here: a readable page, never a stack trace. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = messages.errorPage;
  // A refusal says why in its own words: the site's defences (403 cross-site, 413 too large,
  // 415 unreadable) answer plain text; a form that could not be read answers { message }.
  const data = isRouteErrorResponse(error) && error.status < 500 ? error.data : null;
  const reason =
    typeof data === "string" && data ? data : typeof data?.message === "string" ? (data.message as string) : null;
  // A staff page another role may not open (docs/product.md §6): who may, what this role is for, who can help.
  if (isRouteErrorResponse(error) && error.status === 403 && isForbidden(data))
    return (
      <main className="container error-page">
        <h1>{data.title}</h1>
        <p role="alert">{data.message}</p>
        <p>{data.help}</p>
        <p>
          <Link to={data.home.href}>{data.home.label}</Link>
        </p>
      </main>
    );
  return (
    <main className="container error-page">
      <h1>{notFound ? t.notFoundTitle : t.failedTitle}</h1>
      <p role={reason ? "alert" : undefined}>{notFound ? t.notFoundText : (reason ?? messages.networkError)}</p>
      <p>
        <Link to="/">{t.home}</Link>
      </p>
      <RequestIdNote />
    </main>
  );
}
