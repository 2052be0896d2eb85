import { Link } from "@remix-run/react";

import type { ItemType } from "@domain/items";
import { historyText } from "~/content/lifecycle";
import { useOptionalUser } from "~/hooks/use-user";
import { historyPath } from "~/utils/paths";

/** Staff only: the item's history. */
export function HistoryLink({ type, id }: { type: ItemType; id: string }) {
  const user = useOptionalUser();
  if (!user) return null;
  return (
    <Link to={historyPath(type, id)} className="btn btn-outline history-link">
      {historyText.link}
    </Link>
  );
}

/** Staff only: who created the item and who last changed it (the loader gives it to staff alone). */
export function AuditLine({ audit }: { audit: { created: string; changed: string } | null | undefined }) {
  if (!audit) return null;
  return (
    <p className="staff-audit">
      <small>{audit.created}</small>
      <br />
      <small>{audit.changed}</small>
    </p>
  );
}
