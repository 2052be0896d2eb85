import { isImageId } from "./images";
import { isWebLink } from "./settings";
import { isOneLine } from "./text";

// The home page's content blocks that Editors and Admins change (docs/product.md, "Page content";
// docs/decisions/070-page-content-blocks.md): the FAQs, the team, the testimonials, the carousel's
// slides (their words), the three feature blurbs and Why Us, and the about page's sections
// (docs/decisions/071-legal-texts-edited-and-versioned.md). Their shape,
// limits and rules, which the web tier's action applies (each field's message, what was typed
// kept) and the API applies again (400, nothing saved). Long texts are plain text: a blank line
// starts a new paragraph; nothing is ever read as HTML.

export type Faq = { question: string; answer: string };
export const MEMBER_LINKS = [
  { key: "facebook", label: "Facebook", icon: "fb" },
  { key: "instagram", label: "Instagram", icon: "ig" },
  { key: "linkedin", label: "LinkedIn", icon: "in" },
  { key: "x", label: "X", icon: "x" },
] as const;
export type MemberLinkKey = (typeof MEMBER_LINKS)[number]["key"];
/** A team member; `photo` is an uploaded image's id, or "" for the initials (docs/decisions/085). */
export type TeamMember = { name: string; position: string; photo: string; links: Record<MemberLinkKey, string> };
export type Testimonial = { quote: string; name: string; role: string };
/**
 * A slide: its words and two buttons (the first drawn light, the second outlined), each words and a
 * link; a button without both is not shown (docs/decisions/071-legal-texts-edited-and-versioned.md).
 */
export type Slide = {
  title: string;
  text: string;
  /** An uploaded image's id behind the slide's words, or "" for the colours alone (docs/decisions/085). */
  image: string;
  button1Label: string;
  button1Link: string;
  button2Label: string;
  button2Link: string;
};
export type Feature = { title: string; text: string };
export type WhyUs = { title: string; intro: string; jobsText: string };
/** The about page's words (one item): the banner's line and its sections' texts. */
export type AboutPage = {
  bannerText: string;
  intro: string;
  executiveSummary: string;
  mission: string;
  vision: string;
  socialText: string;
  companyDescription: string;
};
/** One of the scholarship foundation's figures on the about page: "8", "full-time scholarship students per year". */
export type AboutFigure = { value: string; label: string };
export type PageContent = {
  faqs: Faq[];
  team: TeamMember[];
  testimonials: Testimonial[];
  slides: Slide[];
  features: Feature[];
  /** One item: Why Us's title, introduction and the line above its Job Postings button. */
  whyUs: WhyUs[];
  whyUsPoints: { point: string }[];
  /** One item: the about page's texts. */
  about: AboutPage[];
  /** The about page's Salon, Academy and Lounge (exactly three). */
  aboutPillars: Feature[];
  /** The about page's social responsibility figures (exactly three). */
  aboutFigures: AboutFigure[];
};

export const PAGE_BLOCKS = [
  "faqs",
  "team",
  "testimonials",
  "slides",
  "features",
  "whyUs",
  "whyUsPoints",
  "about",
  "aboutPillars",
  "aboutFigures",
] as const;
export type PageBlock = (typeof PAGE_BLOCKS)[number];

export const PAGE_CONTENT_LIMITS = {
  /** Items per block. */
  items: {
    faqs: 30,
    team: 24,
    testimonials: 12,
    slides: 8,
    features: 3,
    whyUs: 1,
    whyUsPoints: 10,
    about: 1,
    aboutPillars: 3,
    aboutFigures: 3,
  } satisfies Record<PageBlock, number>,
  /** One-line fields: a question, a name, a position, a role, a title, a point. */
  line: 160,
  /** An FAQ's answer, a testimonial's quote, a slide's or blurb's text. */
  long: 2000,
  link: 300,
  /** A slide button's words: a button has room for a few. */
  buttonLabel: 40,
} as const;

/** Blocks with a fixed number of items (the page has room for so many): no add, remove or move. */
export const FIXED_BLOCKS: Partial<Record<PageBlock, number>> = {
  features: 3,
  whyUs: 1,
  about: 1,
  aboutPillars: 3,
  aboutFigures: 3,
};

/** How many team members the home page shows; the about page shows them all. */
export const HOME_TEAM_COUNT = 4;

/** The fields of each block's items, in the form's order; one-line unless listed in LONG_PARTS. */
export const BLOCK_PARTS = {
  faqs: ["question", "answer"],
  team: ["name", "position", "photo", ...MEMBER_LINKS.map((l) => l.key)],
  testimonials: ["quote", "name", "role"],
  slides: ["title", "text", "image", "button1Label", "button1Link", "button2Label", "button2Link"],
  features: ["title", "text"],
  whyUs: ["title", "intro", "jobsText"],
  whyUsPoints: ["point"],
  about: ["bannerText", "intro", "executiveSummary", "mission", "vision", "socialText", "companyDescription"],
  aboutPillars: ["title", "text"],
  aboutFigures: ["value", "label"],
} as const satisfies Record<PageBlock, readonly string[]>;
/** Parts that may hold several lines (a blank line starts a paragraph), up to `long` characters. */
export const LONG_PARTS = new Set<string>([
  "answer",
  "quote",
  "text",
  "intro",
  "jobsText",
  "executiveSummary",
  "mission",
  "vision",
  "socialText",
  "companyDescription",
]);
/** A slide's buttons' parts, in pairs: the words and where the button goes. */
export const SLIDE_BUTTONS = [
  { label: "button1Label", link: "button1Link" },
  { label: "button2Label", link: "button2Link" },
] as const;
const BUTTON_LABELS = new Set<string>(SLIDE_BUTTONS.map((b) => b.label));
/** Parts holding a link within this site (a path) or elsewhere (https only): the slides' buttons. */
export const SITE_LINK_PARTS = new Set<string>(SLIDE_BUTTONS.map((b) => b.link));
/**
 * Parts holding an uploaded image's id: a team member's photo, a slide's image. The form uploads
 * the file through the image pipeline and keeps the id it gets (docs/decisions/085).
 */
export const IMAGE_PARTS = new Set<string>(["photo", "image"]);
/** The folders of the image store the page content's images go to, by block. */
export const IMAGE_FOLDERS: Partial<Record<PageBlock, string>> = { team: "content/team", slides: "content/slides" };
const OPTIONAL_PARTS = new Set<string>([
  "role",
  ...IMAGE_PARTS,
  ...MEMBER_LINKS.map((l) => l.key),
  ...SLIDE_BUTTONS.flatMap((b) => [b.label, b.link]),
]);
export const LINK_PARTS = new Set<string>(MEMBER_LINKS.map((l) => l.key));
export const isRequiredPart = (part: string) => !OPTIONAL_PARTS.has(part);

/** A form field's name: plain, no path (docs/decisions/014): `faqs0question`, `team3linkedin`. */
export const blockField = (block: PageBlock, index: number, part: string) => `${block}${index}${part}`;
/** An image part's file input (`team2photoFile`) and its box to remove the image (`team2photoRemove`). */
export const imageFileField = (field: string) => `${field}File`;
export const imageRemoveField = (field: string) => `${field}Remove`;

/**
 * A button's link: a page of this site (a path: "/", "/courses?type=crash"; never "//", which
 * leaves the site) or an https address elsewhere.
 */
export function isSiteOrHttpsLink(value: string) {
  if (/^\/(?![/\\])/.test(value)) return !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !!url.hostname;
  } catch {
    return false;
  }
}

export const PAGE_CONTENT_PROBLEMS = {
  required: "Please fill this in",
  oneLine: "Keep this on one line",
  link: "A link must start with https:// or http://",
  siteLink: "A button's link must be a page of this site (starting with /) or start with https://",
  buttonLink: "Give this button a link too, or clear its words",
  buttonLabel: "Give this button its words too, or clear its link",
  image: "This is not an image of this site: choose the file again",
  tooLong: (n: number) => `Please keep this under ${n} characters`,
  tooMany: (n: number) => `At most ${n} items`,
  fixed: (n: number) => `Exactly ${n} items`,
} as const;

/** Line breaks as "\n", spaces at the ends of lines and more than one blank line dropped. */
export function normaliseLongText(text: string) {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A long text's paragraphs: split on blank lines; a single line break stays within its paragraph. */
export const paragraphs = (text: string) =>
  normaliseLongText(text)
    .split("\n\n")
    .filter((p) => p.length);

type Item = Record<string, string>;

/**
 * One block's items checked and normalised (trimmed, line breaks unified), with each field's
 * problem keyed by its form name. Any problem: nothing of it may be saved.
 */
export function checkBlock<B extends PageBlock>(
  block: B,
  items: readonly PageContent[B][number][],
): { value: PageContent[B]; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const max = PAGE_CONTENT_LIMITS.items[block];
  const fixed = FIXED_BLOCKS[block];
  if (fixed !== undefined && items.length !== fixed) problems[`${block}`] = PAGE_CONTENT_PROBLEMS.fixed(fixed);
  else if (items.length > max) problems[`${block}`] = PAGE_CONTENT_PROBLEMS.tooMany(max);
  const value = items.slice(0, max).map((raw, i) => {
    const flat = (block === "team" ? { ...raw, ...(raw as TeamMember).links } : raw) as Item;
    const out: Item = {};
    for (const part of BLOCK_PARTS[block]) {
      const field = blockField(block, i, part);
      const long = LONG_PARTS.has(part);
      const typed = String(flat[part] ?? "");
      const v = long ? normaliseLongText(typed) : typed.trim();
      const limit = long
        ? PAGE_CONTENT_LIMITS.long
        : LINK_PARTS.has(part) || SITE_LINK_PARTS.has(part)
          ? PAGE_CONTENT_LIMITS.link
          : BUTTON_LABELS.has(part)
            ? PAGE_CONTENT_LIMITS.buttonLabel
            : PAGE_CONTENT_LIMITS.line;
      if (!v && !OPTIONAL_PARTS.has(part)) problems[field] = PAGE_CONTENT_PROBLEMS.required;
      else if (v.length > limit) problems[field] = PAGE_CONTENT_PROBLEMS.tooLong(limit);
      else if (!long && !isOneLine(v)) problems[field] = PAGE_CONTENT_PROBLEMS.oneLine;
      else if (v && IMAGE_PARTS.has(part) && !isImageId(v)) problems[field] = PAGE_CONTENT_PROBLEMS.image;
      else if (v && LINK_PARTS.has(part) && !isWebLink(v)) problems[field] = PAGE_CONTENT_PROBLEMS.link;
      else if (v && SITE_LINK_PARTS.has(part) && !isSiteOrHttpsLink(v))
        problems[field] = PAGE_CONTENT_PROBLEMS.siteLink;
      out[part] = v;
    }
    if (block === "slides")
      for (const b of SLIDE_BUTTONS) {
        const label = blockField(block, i, b.label);
        const link = blockField(block, i, b.link);
        if (out[b.label] && !out[b.link] && !problems[link]) problems[link] = PAGE_CONTENT_PROBLEMS.buttonLink;
        if (out[b.link] && !out[b.label] && !problems[label]) problems[label] = PAGE_CONTENT_PROBLEMS.buttonLabel;
      }
    if (block !== "team") return out;
    return {
      name: out.name,
      position: out.position,
      photo: out.photo,
      links: Object.fromEntries(MEMBER_LINKS.map((l) => [l.key, out[l.key]])),
    };
  }) as PageContent[B];
  return { value, problems };
}

/** What a save changes, as the history and the security log show it: the blocks' names. */
export function changedBlocks(before: PageContent, after: PageContent): PageBlock[] {
  return PAGE_BLOCKS.filter((b) => JSON.stringify(before[b]) !== JSON.stringify(after[b]));
}

/** A stored value with any block it lacks taken from `fallback` (a block added since it was saved). */
export function withBlocks(value: unknown, fallback: PageContent): PageContent {
  const v = (value && typeof value === "object" ? value : {}) as Partial<PageContent>;
  return Object.fromEntries(PAGE_BLOCKS.map((b) => [b, Array.isArray(v[b]) ? v[b] : fallback[b]])) as PageContent;
}

/**
 * Moves, adds or removes an item of a block being edited, before it is saved (the form's
 * submit buttons: `add`, `remove:3`, `up:3`, `down:3`). Anything else leaves the items alone.
 */
export function rearrange<T>(items: readonly T[], intent: string, blank: () => T, max: number): T[] {
  const list = [...items];
  const [verb, at] = intent.split(":");
  const i = Number(at);
  if (verb === "add") {
    if (list.length < max) list.push(blank());
    return list;
  }
  if (!Number.isInteger(i) || i < 0 || i >= list.length) return list;
  if (verb === "remove") list.splice(i, 1);
  else if (verb === "up" && i > 0) [list[i - 1], list[i]] = [list[i], list[i - 1]];
  else if (verb === "down" && i < list.length - 1) [list[i + 1], list[i]] = [list[i], list[i + 1]];
  return list;
}

/** A team member's initials for the portrait without a photo: the first letters of the first two words. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!.toUpperCase())
    .join("");

/** The portraits' colours, in turn by position (the brand's palette, as the team had them). */
export const PORTRAIT_COLOURS = ["#8a1c5c", "#6b3a9b", "#b0466a", "#2f7a52", "#a5631b", "#c2501f", "#2d5f9a"];
