import type { ItemType } from "@domain/items";
import { formatWhen } from "@domain/schedule";
import { staffName } from "@domain/staff-names";
import { auditText } from "~/content/lifecycle";
import { type History, UnauthorizedError, type Upstream } from "~/upstream/index.server";
import { hasSessionCookie } from "~/upstream/transport.server";

export type Audit = { created: string; changed: string };

/** "Created by … on …" and "Last changed by … on …", as staff pages show them. */
export function auditOf(item: History["item"]): Audit {
  return {
    created: auditText.created(staffName(item.createdBy), formatWhen(item.createdAt)),
    changed: auditText.changed(staffName(item.updatedBy), formatWhen(item.updatedAt)),
  };
}

/**
 * Who created and last changed an item, for a staff reader of its public page; null for a
 * visitor. A request without the session cookie cannot be staff, so visitors cost no extra call.
 */
export async function auditForStaff(
  request: Request,
  api: Upstream,
  type: ItemType,
  id: string,
): Promise<Audit | null> {
  if (!hasSessionCookie(request)) return null;
  try {
    return auditOf((await api.revisions.history(type, id)).item);
  } catch (error) {
    if (error instanceof UnauthorizedError) return null;
    console.error("[history] audit load failed", error);
    return null;
  }
}
