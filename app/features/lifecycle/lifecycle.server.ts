import { z } from "zod";

import { ITEM_TYPES, type ItemType } from "@domain/items";
import { editorText } from "~/content/editor";
import { trashText as lt } from "~/content/trash";
import { loginUrl, requireStaffRoute } from "~/features/auth/auth.server";
import type { StaffRouteId } from "~/features/auth/staff-routes";
import { UnauthorizedError, type Upstream, UpstreamError } from "~/upstream/index.server";
import { redirectWithToast } from "~/utils/toast.server";

// The staff side of the trash (docs/product.md §4): every action here is a POST from a real
// form (a confirmation page without JavaScript, a dialog with it), answered by a redirect.

const itemRef = z.object({ type: z.enum(ITEM_TYPES), id: z.string().trim().min(1).max(100) });

/** The item a route's params or a form names; anything else is a 404. */
export function itemRefOf(source: Record<string, unknown>): { type: ItemType; id: string } {
  const parsed = itemRef.safeParse(source);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  return parsed.data;
}

/** A live (or scheduled) item's title for the confirmation page; 404 when there is none. */
export async function liveItemTitle(api: Upstream, type: ItemType, id: string) {
  try {
    const item = await api.items(type).get(id, { preview: true });
    return item.title;
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 410))
      throw new Response("Not found", { status: 404 });
    throw error;
  }
}

/** A trashed item, for the delete-for-good confirmation; 404 when it is not in the trash. */
export async function trashedItem(api: Upstream, type: ItemType, id: string) {
  try {
    return await api.lifecycle.trashed(type, id);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

/**
 * Runs one trash action for a signed-in staff member and answers a redirect with a toast:
 * `done` on success, the API's 404 as "no longer there", a session that ended to the login page.
 */
export async function runTrashAction(
  request: Request,
  route: StaffRouteId,
  to: string,
  act: (api: Upstream) => Promise<string>,
) {
  const { api } = await requireStaffRoute(request, route);
  try {
    const message = await act(api);
    return redirectWithToast(to, { message, type: "success" }, { headers: api.headers }, request);
  } catch (error) {
    if (error instanceof UnauthorizedError) {
      throw await redirectWithToast(loginUrl(request), { message: editorText.draftExpired, type: "error" });
    }
    if (error instanceof Response) throw error;
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 409)) {
      return redirectWithToast("/admin/trash", { message: lt.notInTrash, type: "error" }, {}, request);
    }
    console.error("[trash] action failed", error);
    return redirectWithToast(to, { message: lt.actionFailed, type: "error" }, {}, request);
  }
}
