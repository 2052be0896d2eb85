// Every word of the trash and scheduled publishing (docs/product.md §4).
import type { ItemType } from "@domain/items";
import { TRASH_DAYS } from "@domain/schedule";

import { goneText } from "./gone";

const noun: Record<ItemType, string> = { course: "course", article: "article", job: "job" };

export const trashText = {
  moveToTrash: "Move to trash",
  confirmTrashTitle: (kind: ItemType) => `Move this ${noun[kind]} to the trash?`,
  confirmTrashText: (title: string) =>
    `"${title}" will leave the site at once. It stays in the trash for ${TRASH_DAYS} days, where staff can restore it, and is then deleted for good.`,
  cancel: "Cancel",
  movedToTrash: (title: string) => `"${title}" was moved to the trash`,
  trashTitle: "Trash",
  trashIntro: `Items in the trash are not on the site. They are deleted for good ${TRASH_DAYS} days after they were moved here.`,
  trashEmpty: "The trash is empty",
  kind: { course: "Course", article: "Article", job: "Job" } as Record<ItemType, string>,
  columns: {
    title: "Title",
    kind: "Kind",
    trashedBy: "Moved by",
    trashedAt: "Moved to the trash",
    purgeAt: "Deleted for good on",
    actions: "Actions",
  },
  unknownStaff: "A former staff member",
  restore: "Restore",
  restored: (title: string) => `"${title}" was restored`,
  deleteForGood: "Delete for good",
  confirmDeleteTitle: (kind: ItemType) => `Delete this ${noun[kind]} for good?`,
  confirmDeleteText: (title: string) =>
    `"${title}" and the images only it uses will be deleted. This cannot be undone.`,
  deleted: (title: string) => `"${title}" was deleted for good`,
  notInTrash: "That item is not in the trash any more",
  notFound: "That item no longer exists",
  actionFailed: "Something went wrong on our side. Please try again.",
  gone: goneText,
  // Scheduled publishing
  publishAt: "Publish at (Lagos time)",
  publishAtHint: "Leave empty to publish at once. Until this time only staff can see it.",
  publishAtInvalid: "Kindly choose a valid publish date and time",
  scheduledFor: (when: string) => `Scheduled for ${when}`,
  scheduledTitle: "Scheduled",
  scheduledIntro: "These items are saved and go public by themselves at their time.",
  scheduledEmpty: "Nothing is scheduled",
  scheduledColumns: { title: "Title", kind: "Kind", publishAt: "Goes public", actions: "Actions" },
  view: "View",
  edit: "Edit",
  tabTrash: "Trash",
  tabScheduled: "Scheduled",
} as const;
