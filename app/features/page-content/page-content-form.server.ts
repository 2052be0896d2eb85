import * as z from "zod/mini";

import {
  BLOCK_PARTS,
  blockField,
  checkBlock,
  FIXED_BLOCKS,
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

const text = z.optional(z.string().check(z.maxLength(L.long + 500)));
const blocks = PAGE_BLOCKS.join("|");
export const pageContentFormSchema = z.object({
  intent: z.string().check(z.regex(new RegExp(`^(save|add:(${blocks})|(remove|up|down):(${blocks}):\\d{1,3})$`))),
  ...Object.fromEntries(PAGE_CONTENT_FIELDS.map((f) => [f, text])),
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
    links: Object.fromEntries(MEMBER_LINKS.map((l) => [l.key, ""])) as PageContent["team"][number]["links"],
  }),
  testimonials: () => ({ quote: "", name: "", role: "" }),
  slides: () => ({ title: "", text: "", button1Label: "", button1Link: "", button2Label: "", button2Link: "" }),
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
