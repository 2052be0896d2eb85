import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import type { ItemType } from "@domain/items";
import { formatLagos } from "@domain/schedule";
import { trashText as lt } from "~/content/trash";
import { ConfirmAction } from "~/features/lifecycle/confirm-action";
import { AuditLine, HistoryLink } from "~/features/lifecycle/staff-audit";
import { adminTrashPath, editPath } from "~/utils/paths";

export type StaffToolsProps = {
  type: ItemType;
  id: string;
  title: string;
  scheduledAt?: string | null;
  audit?: { created: string; changed: string } | null;
  /** More staff links, after the history link (a course's intakes). */
  children?: ReactNode;
};

/**
 * What staff see on a detail page: when a scheduled item goes public, Edit, "Move to trash", the
 * history and who made and changed it (docs/product.md §4). Its own module, fetched only when a
 * signed-in page renders it (`StaffTools` in ./detail.tsx): visitors' pages carry none of its code.
 */
export default function StaffToolsCode({ type, id, title, scheduledAt, audit, children }: StaffToolsProps) {
  const trashPath = adminTrashPath(type, id);
  return (
    <>
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
      <HistoryLink type={type} id={id} />
      {children}
      <AuditLine audit={audit} />
    </>
  );
}
