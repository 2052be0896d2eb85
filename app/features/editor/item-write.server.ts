import type { z } from "zod/mini";

import type { ItemType } from "@domain/items";
import { EDITOR_FIELDS } from "~/features/editor/editor-fields";
import { plainTextToHtml } from "~/features/editor/plain-text";
import type { draftSchemas, publishSchemas } from "~/features/editor/schema";
import type { DraftWrite, ItemWrite } from "~/upstream/index.server";

// What the editor sends across the seam, typed by the API's own input schemas
// (docs/decisions/086-typed-writes-and-the-layout-seams.md). Each editor's fields are held,
// both ways, against the API's publish and draft inputs and against the editor's own schemas:
// a field renamed or added on one side only fails typecheck here, naming it.

type Field<T extends ItemType> = (typeof EDITOR_FIELDS)[T][number];
type Named<S> = Exclude<keyof S, "id" | "postType">;
/** The list itself when `Sent` and `Taken` name the same fields; otherwise what differs. */
type Agreed<T extends ItemType, Taken> = [Exclude<Field<T>, Taken>, Exclude<Taken, Field<T>>] extends [never, never]
  ? (typeof EDITOR_FIELDS)[T]
  : { sentButNotTaken: Exclude<Field<T>, Taken>; takenButNotSent: Exclude<Taken, Field<T>> };
type Held<T extends ItemType> = Agreed<T, Named<ItemWrite<T>>> &
  Agreed<T, Named<Extract<DraftWrite, { postType: T }>>> &
  Agreed<T, Named<z.output<(typeof publishSchemas)[T]>>> &
  Agreed<T, Named<z.output<(typeof draftSchemas)[T]>>>;

const WRITE_FIELDS: { [T in ItemType]: Held<T> } = EDITOR_FIELDS;

/** A checked submission's values (either schema of `schema.ts`), by field name. */
type Submitted = Readonly<Record<string, unknown>>;

/** The item as the API's create and update take it: the editor's fields, the content as HTML. */
export function itemWrite<T extends ItemType>(type: T, values: Submitted): ItemWrite<T> {
  const write: Record<string, unknown> = {};
  for (const field of WRITE_FIELDS[type] as readonly string[]) write[field] = values[field];
  // the id rides the URL, never the body
  write.content = plainTextToHtml(String(values.content ?? ""));
  return write as ItemWrite<T>;
}

/** A new item's draft as the API's draft input takes it. */
export function draftWrite<T extends ItemType>(type: T, item: ItemWrite<T>): DraftWrite {
  return { postType: type, ...item } as DraftWrite;
}
