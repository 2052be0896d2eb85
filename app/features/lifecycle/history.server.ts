import type { ItemType } from "@domain/items";
import { auditText } from "~/content/lifecycle";
import { formatWhen } from "~/features/admin/inbox.server";
import { loginUrl } from "~/features/auth/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { editorText } from "~/content/staff";
import { staffName } from "~/features/admin/staff-names";
import { UnauthorizedError, type History, type Upstream } from "~/upstream/index.server";
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

/** A 401 in the middle of a staff action: to the login page, coming back here afterwards. */
export async function loginIfUnauthorized(error: unknown, request: Request) {
  if (error instanceof UnauthorizedError)
    throw await redirectWithToast(loginUrl(request), { message: editorText.draftExpired, type: "error" }, {}, request);
}
