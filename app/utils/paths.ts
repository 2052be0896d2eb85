// Every URL the site builds for its own pages, in one place. Ids and slugs are encoded: a
// slug comes from the API and must not be able to add a path segment or a query.
import { type ItemType, itemTypeOf } from "@domain/items";

type Item = { _id: string; slug: string };

/** The public page of a course, article or job: /{type}/{id}/{slug}. */
export function itemPath(type: ItemType, item: Item) {
  return `/${type}/${encodeURIComponent(item._id)}/${encodeURIComponent(item.slug)}`;
}

export const coursePath = (course: Item) => itemPath("course", course);
export const postPath = (post: Item & { postType: "article" | "job" }) => itemPath(post.postType, post);

/** The staff editor of a stored item. */
export function editPath(type: ItemType, id: string) {
  return `/edit/${type}/${encodeURIComponent(id)}`;
}

/** The confirmation page (GET) and action (POST) that move an item to the trash. */
export function adminTrashPath(type: ItemType, id: string) {
  return `/admin/${type}/${encodeURIComponent(id)}/trash`;
}

/** The confirmation page (GET) and action (POST) that throw away a staff member's draft of a type. */
export function discardDraftPath(type: ItemType) {
  return `/admin/drafts/${type}/discard`;
}

/** The confirmation page and action that delete a trashed item for good. */
export function adminDeletePath(type: ItemType, id: string) {
  return `/admin/${type}/${encodeURIComponent(id)}/delete`;
}

/** The public list an item belongs to (where an editor's Back and Cancel lead). */
export function listPath(type: ItemType) {
  return type === "course" ? "/courses" : "/blog";
}

/** The registration form, with a course preselected when one is given. */
export function registrationPath(course?: Item) {
  if (!course) return "/registration-form";
  return `/registration-form?${new URLSearchParams({ courseid: course._id, courseslug: course.slug })}`;
}

/**
 * Pages shown without header and footer (docs/product.md §2): the editors, sign-in and password reset.
 * Whole path segments are compared, so a course "Editorial Makeup" at
 * /course/<id>/editorial-makeup or an article "New intake" keeps its navigation.
 */
const BARE_SEGMENTS = new Set(["edit", "new", "login", "signup", "fla-admin", "password-reset"]);
export function isBarePath(pathname: string) {
  return pathname.split("/").some((segment) => BARE_SEGMENTS.has(segment));
}

/** The staff history of a stored item (docs/product.md §4), and one earlier version of it. */
export function historyPath(type: ItemType, id: string, revisionId?: string) {
  const base = `/admin/${type}/${encodeURIComponent(id)}/history`;
  return revisionId ? `${base}/${encodeURIComponent(revisionId)}` : base;
}

/** A route's `$type` (or a form's `type`) as an item type; anything else is a 404. */
export function itemTypeParam(value: unknown): ItemType {
  const type = itemTypeOf(value);
  if (!type) throw new Response("Not found", { status: 404 });
  return type;
}
