import type { z } from "zod";

import type { ItemType } from "@domain/items";

import { type Call, detailPath, itemPath, type ItemWrite, type PublicRead } from "./client.server";
import { articleSchema, courseDetailSchema, courseSchema, jobSchema } from "./schemas";
import { parse } from "./transport.server";

const ITEM_SCHEMAS = {
  course: { detail: courseDetailSchema, written: courseSchema },
  article: { detail: articleSchema, written: articleSchema },
  job: { detail: jobSchema, written: jobSchema },
} as const;
type ItemSchemas = typeof ITEM_SCHEMAS;
/** An item as its detail page reads it. */
export type ItemDetail<T extends ItemType> = z.infer<ItemSchemas[T]["detail"]>;

/** One course, article or job read and written: the part of the API client (app/upstream/index.server.ts) bound to one request. */
export function itemsClient(call: Call, publicRead: PublicRead) {
  return {
    /**
     * One entry for the three item types: read one (with `preview`, staff only, an item
     * scheduled for later too — never through the shared read cache, as its answer depends on
     * who asks), create one, change one. Each answer is checked against its type's schema.
     */
    items<T extends ItemType>(type: T) {
      const { detail, written } = ITEM_SCHEMAS[type];
      type Detail = z.infer<ItemSchemas[T]["detail"]>;
      type Written = z.infer<ItemSchemas[T]["written"]>;
      return {
        async get(id: string, { preview = false } = {}): Promise<Detail> {
          if (preview) return (await parse(await call("GET", detailPath(type, id, true)), detail, type)) as Detail;
          return (await publicRead(detailPath(type, id, false), detail, type)) as Detail;
        },
        async create(item: ItemWrite<T>): Promise<Written> {
          return (await parse(
            await call("POST", `/api/${type}s`, { json: item }),
            written,
            `${type} create`,
          )) as Written;
        },
        async update(id: string, item: ItemWrite<T>): Promise<Written> {
          return (await parse(
            await call("PATCH", itemPath(type, id), { json: item }),
            written,
            `${type} update`,
          )) as Written;
        },
      };
    },
  };
}
