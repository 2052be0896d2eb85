import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { lazy, type ReactNode, Suspense } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotFoundPage } from "~/components/layout";
import { goneText } from "~/content/gone";
import { useOptionalUser } from "~/hooks/use-user";
import { notFoundMeta } from "~/utils/seo";

import type { StaffToolsProps } from "./staff-tools";

/** The sanitized rich text of a course, article or job (sanitized by the API before it was stored). */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

const StaffToolsCode = lazy(() => import("./staff-tools"));

/**
 * Staff see, on detail pages, when a scheduled item goes public, an Edit link, "Move to trash",
 * the history and the audit line (docs/product.md §4). Rendered only for a signed-in user: its
 * code (the trash dialog, the history's and the trash's words) is a module of its own that a
 * visitor's page never fetches (docs/decisions/084-stored-search-words-and-bounded-pipeline-counts.md).
 * The server waits for it before it answers (app/entry.server.tsx), so the HTML is complete
 * without JavaScript; in the browser the staff's server HTML stays until the module is here.
 */
export function StaffTools(props: StaffToolsProps) {
  const user = useOptionalUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <StaffToolsCode {...props} />
    </Suspense>
  );
}

/** A trashed item's page: 410, in the 404 page's style. */
export function GonePage() {
  return (
    <main className="not-found" id="main">
      <div className="not-found-inner">
        <h1>{goneText.title}</h1>
        <p>{goneText.text}</p>
        <Link to="/" className="btn btn-primary">
          {goneText.home}
        </Link>
      </div>
    </main>
  );
}

/** The 404 or the 410 page, as the loader answered. */
export function MissingPage({ data }: { data: { notFound: true } }) {
  return "gone" in data && data.gone ? <GonePage /> : <NotFoundPage />;
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
  if (isRouteErrorResponse(error) && error.status === 410) return <GonePage />;
  return <GeneralErrorBoundary />;
}

export const isNotFound = (data: unknown): data is { notFound: true } =>
  !!data && typeof data === "object" && "notFound" in data;

/** A detail page's head without its item: the 410's title for one in the trash, else the 404's. */
export const missingMeta = (data: unknown) =>
  data && typeof data === "object" && "gone" in data ? [{ title: goneText.title }, notFoundMeta[1]] : notFoundMeta;
