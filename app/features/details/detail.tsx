import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

import type { ItemType } from "@domain/items";
import { formatLagos } from "@domain/schedule";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotFoundPage } from "~/components/layout";
import { trashText as lt } from "~/content/trash";
import { ConfirmAction } from "~/features/lifecycle/confirm-action";
import { useOptionalUser } from "~/hooks/use-user";
import { adminTrashPath, editPath } from "~/utils/paths";
import { notFoundMeta } from "~/utils/seo";

/** The sanitized rich text of a course, article or job (sanitized by the API before it was stored). */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Staff see, on detail pages, when a scheduled item goes public, an Edit link and "Move to
 * trash" (docs/product.md §4).
 */
export function EditLink({
  type,
  id,
  title,
  scheduledAt,
}: {
  type: ItemType;
  id: string;
  title: string;
  scheduledAt?: string | null;
}) {
  const user = useOptionalUser();
  if (!user) return null;
  const trashPath = adminTrashPath(type, id);
  return (
    <div className="staff-tools">
      {scheduledAt ? (
        <p className="scheduled-note" role="note">
          {lt.scheduledFor(formatLagos(scheduledAt))}
        </p>
      ) : null}
      <Link to={editPath(type, id)} className="btn btn-outline edit-link">
        Edit
      </Link>
      <ConfirmAction
        href={trashPath}
        action={trashPath}
        label={lt.moveToTrash}
        title={lt.confirmTrashTitle(type)}
        text={lt.confirmTrashText(title)}
        confirmLabel={lt.moveToTrash}
        cancelLabel={lt.cancel}
      />
    </div>
  );
}

/** A trashed item's page: 410, in the 404 page's style. */
export function GonePage() {
  return (
    <main className="not-found" id="main">
      <div className="not-found-inner">
        <h1>{lt.gone.title}</h1>
        <p>{lt.gone.text}</p>
        <Link to="/" className="btn btn-primary">
          {lt.gone.home}
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
  data && typeof data === "object" && "gone" in data ? [{ title: lt.gone.title }, notFoundMeta[1]] : notFoundMeta;
