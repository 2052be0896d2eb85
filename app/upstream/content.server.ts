import { z } from "zod";

import type { DraftWrite } from "@api/embedded";
import type { ItemType } from "@domain/items";

import { type Call, itemPath, ListParams, type PublicRead, withQuery } from "./client.server";
import {
  courseOptionSchema,
  courseSchema,
  draftSchema,
  type DraftType,
  historySchema,
  type PostListFilter,
  postListItemSchema,
  revisionSchema,
  scheduledItemSchema,
  sitemapFilesSchema,
  sitemapRowsSchema,
  trashItemSchema,
  uploadedImageSchema,
} from "./schemas";
import { parse } from "./transport.server";

// Made once: a zod schema costs far more to make than to check with, and the public lists are read
// (from the read cache) on every visit (docs/decisions/083-home-throughput.md).
const courseList = z.array(courseSchema);
const courseOptions = z.array(courseOptionSchema);
const postList = z.array(postListItemSchema);

/** Courses, articles and jobs beyond one item: lists, the sitemap, trash and schedule, drafts, images and history: the part of the API client (app/upstream/index.server.ts) bound to one request. */
export function contentClients(call: Call, publicRead: PublicRead) {
  return {
    courses: {
      async list(params: ListParams & { category?: string } = {}) {
        return publicRead(withQuery("/api/courses", params), courseList, "course list");
      },
      /** Every course's title, slug and course types, for the registration form's selects. */
      async options() {
        const path = withQuery("/api/courses", { limit: 100, project: "title,slug,courseTypes" });
        return publicRead(path, courseOptions, "course options");
      },
    },
    posts: {
      async list(params: ListParams & PostListFilter = {}) {
        return publicRead(withQuery("/api/post", params), postList, "post list");
      },
    },
    /** The sitemap's files and their rows, never through the read cache: a sitemap is read whole and rarely. */
    sitemap: {
      async files() {
        return parse(await call("GET", "/api/sitemap"), sitemapFilesSchema, "sitemap files");
      },
      async page(kind: "courses" | "posts", params: { file: number; after?: string; limit?: number }) {
        return parse(await call("GET", withQuery(`/api/sitemap/${kind}`, params)), sitemapRowsSchema, "sitemap page");
      },
    },
    lifecycle: {
      async moveToTrash(type: ItemType, id: string) {
        await call("DELETE", `/api/${type}s/${encodeURIComponent(id)}`);
      },
      async restore(type: ItemType, id: string) {
        await call("POST", `/api/${type}s/${encodeURIComponent(id)}/restore`);
      },
      async deleteForGood(type: ItemType, id: string) {
        await call("DELETE", `/api/${type}s/${encodeURIComponent(id)}?permanent=1`);
      },
      async trash(params: { limit?: number; after?: string; before?: string } = {}) {
        return parse(await call("GET", withQuery("/api/trash", params)), z.array(trashItemSchema), "trash");
      },
      /** One trashed item, at any depth of the trash. */
      async trashed(type: ItemType, id: string) {
        return parse(await call("GET", `/api/trash/${type}s/${encodeURIComponent(id)}`), trashItemSchema, "trash item");
      },
      async scheduled(params: { limit?: number; after?: string; before?: string } = {}) {
        return parse(await call("GET", withQuery("/api/scheduled", params)), z.array(scheduledItemSchema), "scheduled");
      },
    },
    drafts: {
      /** The saved draft of this type, or null when there is none (204), with when it was last saved (an ISO instant, or null when not said). */
      async get(type: DraftType) {
        const response = await call("GET", `/api/draft/${type}`);
        if (response.status === 204) return null;
        const savedAt = response.headers.get("X-Draft-Saved-At");
        return { draft: await parse(response, draftSchema, "draft"), savedAt };
      },
      /** Throws the staff member's draft of this type away. */
      async discard(type: DraftType) {
        await call("DELETE", `/api/draft/${type}`);
      },
      async save(draft: DraftWrite) {
        return parse(await call("POST", "/api/draft", { json: draft }), draftSchema, "draft save");
      },
    },
    images: {
      async upload(file: File, assetFolder: string) {
        const form = new FormData();
        form.set("file", file);
        form.set("asset_folder", assetFolder);
        return parse(await call("POST", "/api/images", { multipart: form }), uploadedImageSchema, "image upload");
      },
    },
    /** The versions of a course, article or job (staff only). */
    revisions: {
      async history(type: ItemType, id: string) {
        return parse(await call("GET", `${itemPath(type, id)}/revisions`), historySchema, "history");
      },
      async get(type: ItemType, id: string, revId: string) {
        return parse(
          await call("GET", `${itemPath(type, id)}/revisions/${encodeURIComponent(revId)}`),
          revisionSchema,
          "revision",
        );
      },
      async restore(type: ItemType, id: string, revId: string) {
        await call("POST", `${itemPath(type, id)}/revisions/${encodeURIComponent(revId)}/restore`);
      },
    },
  };
}
