import * as z from "zod/mini";

import { IMAGE_TYPES } from "@domain/images";
import {
  BLOCK_PARTS,
  blockField,
  checkBlock,
  FIXED_BLOCKS,
  IMAGE_FOLDERS,
  IMAGE_PARTS,
  imageFileField,
  imageRemoveField,
  MEMBER_LINKS,
  PAGE_BLOCKS,
  PAGE_CONTENT_LIMITS,
  type PageBlock,
  type PageContent,
  rearrange,
} from "@domain/page-content";

// The page content form (app/routes/admin.content.tsx): one real form with the three blocks, in
// flat fields (`faqs0question`, `team3linkedin`; docs/decisions/014), read back into the stored
// shape. Its submit buttons are named `intent`: `save`, or `add:faqs`, `remove:team:2`,
// `up:faqs:4`, `down:testimonials:0`, which rearrange what was typed and save nothing, so adding
// and ordering work without JavaScript. A save is checked by the rules both tiers share
// (domain/page-content.ts), and the API checks them again before it saves anything.

const L = PAGE_CONTENT_LIMITS;
const countField = (block: PageBlock) => `${block}Count`;

/** Every field the form may send (the items' fields up to each block's limit, the counts). */
export const PAGE_CONTENT_FIELDS = PAGE_BLOCKS.flatMap((block) => [
  countField(block),
  ...Array.from({ length: L.items[block] }, (_, i) => BLOCK_PARTS[block].map((p) => blockField(block, i, p))).flat(),
]);

/**
 * The image parts' fields (a team member's photo, a slide's image): the id kept in a hidden
 * field, with beside it a file input (`team2photoFile`) and a box to remove it (`team2photoRemove`).
 */
export const IMAGE_FIELDS = PAGE_BLOCKS.flatMap((block) =>
  Array.from({ length: L.items[block] }, (_, i) =>
    BLOCK_PARTS[block].filter((p) => IMAGE_PARTS.has(p)).map((p) => ({ block, field: blockField(block, i, p) })),
  ).flat(),
);
/** The form's names beyond its text fields: the image parts' files and remove boxes. */
export const PAGE_CONTENT_IMAGE_NAMES = IMAGE_FIELDS.flatMap(({ field }) => [
  imageFileField(field),
  imageRemoveField(field),
]);

const text = z.optional(z.string().check(z.maxLength(L.long + 500)));
const blocks = PAGE_BLOCKS.join("|");
export const pageContentFormSchema = z.object({
  intent: z.string().check(z.regex(new RegExp(`^(save|add:(${blocks})|(remove|up|down):(${blocks}):\\d{1,3})$`))),
  ...Object.fromEntries(PAGE_CONTENT_FIELDS.map((f) => [f, text])),
  ...Object.fromEntries(IMAGE_FIELDS.map(({ field }) => [imageRemoveField(field), z.optional(z.literal("on"))])),
});
export const restoreSchema = z.object({
  intent: z.literal("restore"),
  version: z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number)),
});

const blank: { [B in PageBlock]: () => PageContent[B][number] } = {
  faqs: () => ({ question: "", answer: "" }),
  team: () => ({
    name: "",
    position: "",
    photo: "",
    links: Object.fromEntries(MEMBER_LINKS.map((l) => [l.key, ""])) as PageContent["team"][number]["links"],
  }),
  testimonials: () => ({ quote: "", name: "", role: "" }),
  slides: () => ({
    title: "",
    text: "",
    image: "",
    button1Label: "",
    button1Link: "",
    button2Label: "",
    button2Link: "",
  }),
  features: () => ({ title: "", text: "" }),
  whyUs: () => ({ title: "", intro: "", jobsText: "" }),
  whyUsPoints: () => ({ point: "" }),
  // Blocks of fixed size: never added to, but every block has its blank.
  about: () => ({
    bannerText: "",
    intro: "",
    executiveSummary: "",
    mission: "",
    vision: "",
    socialText: "",
    companyDescription: "",
  }),
  aboutPillars: () => ({ title: "", text: "" }),
  aboutFigures: () => ({ value: "", label: "" }),
};

/** The blocks as typed, in the stored shape (the count says how many items each block has). */
export function typedFrom(form: Record<string, string | undefined>): PageContent {
  const read = <B extends PageBlock>(block: B) => {
    const count = Math.min(Math.max(Number(form[countField(block)]) || 0, 0), L.items[block]);
    return Array.from({ length: count }, (_, i) => {
      const v = (part: string) => form[blockField(block, i, part)] ?? "";
      if (block === "team")
        return {
          name: v("name"),
          position: v("position"),
          photo: v("photo"),
          links: Object.fromEntries(MEMBER_LINKS.map((l) => [l.key, v(l.key)])),
        };
      return Object.fromEntries(BLOCK_PARTS[block].map((p) => [p, v(p)]));
    }) as PageContent[B];
  };
  return Object.fromEntries(PAGE_BLOCKS.map((b) => [b, read(b)])) as PageContent;
}

/** What a rearranging button does to the typed blocks (nothing is saved). */
export function rearranged(typed: PageContent, intent: string): PageContent {
  const [, block] = intent.split(":") as [string, PageBlock];
  // A block of fixed size (the three blurbs, Why Us) has no such buttons: nothing to do.
  if (FIXED_BLOCKS[block] !== undefined) return typed;
  const rest = intent.replace(`:${block}`, "");
  const items = rearrange(typed[block] as PageContent[PageBlock][number][], rest, blank[block], L.items[block]);
  return { ...typed, [block]: items };
}

/** The typed blocks checked: the value to save, and each field's problem (none: it may be saved). */
export function checkTyped(typed: PageContent) {
  const problems: Record<string, string> = {};
  const value = {} as PageContent;
  for (const block of PAGE_BLOCKS) {
    const checked = checkBlock(block, typed[block] as PageContent[PageBlock][number][]);
    Object.assign(problems, checked.problems);
    Object.assign(value, { [block]: checked.value });
  }
  return { value, problems };
}

type Upload = (file: File, folder: string) => Promise<{ public_id: string }>;
export type ImageWords = { tooBig: string; notImage: string; failed: string };

/**
 * The images chosen in the form, through the image pipeline (docs/decisions/085): each file is
 * uploaded (the API checks it is an image within the limits; its variants are made from it) and
 * its id goes into the typed value, so a refused save or a rearranging button keeps it; a
 * ticked remove box clears the id. A refused file becomes its field's problem, the rest is kept.
 * `fields` (the form's text fields as read) is changed in place. `isSession` says an error is the
 * session's end, which the caller answers by asking to sign in again.
 */
export async function attachImages(
  formData: FormData,
  oversize: ReadonlySet<string>,
  fields: Record<string, string | undefined>,
  upload: Upload,
  words: ImageWords,
  isSession: (error: unknown) => boolean,
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  for (const { block, field } of IMAGE_FIELDS) {
    if (fields[imageRemoveField(field)] === "on") fields[field] = "";
    const file = formData.get(imageFileField(field));
    if (oversize.has(imageFileField(field))) problems[field] = words.tooBig;
    if (!(file instanceof File) || file.size === 0) continue;
    if (!IMAGE_TYPES.includes(file.type)) {
      problems[field] = words.notImage;
      continue;
    }
    try {
      fields[field] = (await upload(file, IMAGE_FOLDERS[block] ?? "content")).public_id;
    } catch (error) {
      if (isSession(error)) throw error;
      // The API's own reason (not an image, too many pixels) when it gave one.
      const reason = error instanceof Error && "status" in error && error.status === 400 ? error.message : "";
      if (!reason) console.error("[page-content] image upload failed", error instanceof Error ? error.message : error);
      problems[field] = reason || words.failed;
    }
  }
  return problems;
}
