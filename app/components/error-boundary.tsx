import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { messages } from "~/content/messages";

/** Every route's errors end here: a readable page, never a stack trace. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = messages.errorPage;
  return (
    <main className="container error-page">
      <h1>{notFound ? t.notFoundTitle : t.failedTitle}</h1>
      <p>{notFound ? t.notFoundText : messages.networkError}</p>
      <p>
        <Link to="/">{t.home}</Link>
      </p>
    </main>
  );
}
