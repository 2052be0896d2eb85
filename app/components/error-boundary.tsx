import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/** Every route's errors end here: a readable page, never a stack trace. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="container error-page">
      <h1>{status === 404 ? "Page not found" : "Something went wrong"}</h1>
      <p>
        {status === 404
          ? "We could not find what you were looking for."
          : "Something went wrong. It might be network-related"}
      </p>
      <p>
        <Link to="/">Go to Home Page</Link>
      </p>
    </main>
  );
}
