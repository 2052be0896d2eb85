import { isRouteErrorResponse, Link, useMatches, useRouteError } from "@remix-run/react";

import { RequestIdNote } from "~/components/request-id";
import { messages } from "~/content/messages";

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
  // Inside the staff frame, whose own <main> holds its pages, the message is a section of it: a
  // page has one main landmark.
  const Frame = useMatches().some((m) => m.id === "routes/admin") ? "section" : "main";
  return (
    <Frame className="container error-page">
      {/* A staff page another role may not open names its own heading (docs/product.md §6). */}
      <h1>{typeof data?.title === "string" ? (data.title as string) : notFound ? t.notFoundTitle : t.failedTitle}</h1>
      <p role={reason ? "alert" : undefined}>{notFound ? t.notFoundText : (reason ?? messages.networkError)}</p>
      <p>
        <Link to="/">{t.home}</Link>
      </p>
      <RequestIdNote />
    </Frame>
  );
}
