import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { useOptionalUser } from "~/hooks/use-user";
import { GeneralErrorBoundary } from "./error-boundary";
import { NotFoundPage } from "./layout";

/** The sanitized rich text of a course, article or job (sanitized by the API before it was stored). */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Staff see an Edit link on detail pages. */
export function EditLink({ type, id }: { type: "course" | "article" | "job"; id: string }) {
  const user = useOptionalUser();
  if (!user) return null;
  return <Link to={`/edit/${type}/${id}`} className="btn btn-outline edit-link">Edit</Link>;
}

export function DetailLayout({ aside, children }: { aside?: ReactNode; children: ReactNode }) {
  return (
    <div className={`container detail-grid ${aside ? "" : "no-aside"}`}>
      <div className="detail-main">{children}</div>
      {aside ? <aside className="detail-aside">{aside}</aside> : null}
    </div>
  );
}

/** Detail pages: a thrown 404 shows the 404 page; anything else the general error page. */
export function DetailErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <GeneralErrorBoundary />;
}

export const isNotFound = (data: unknown): data is { notFound: true } =>
  !!data && typeof data === "object" && "notFound" in data;
