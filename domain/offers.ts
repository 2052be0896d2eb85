// What a course and a job offer a visitor (docs/product.md §3, docs/decisions/019-course-and-job-offers.md): course category, fee,
// duration, level and next start; a job's way to apply, salary and address. Both tiers apply
// these limits: the editors check them first, the API for good.

/**
 * The home page's six categories: the slug rides URLs (`/courses?category=…`) and the database.
 * `about`: what a category teaches, as visitors search for it; a course search finds every course
 * of a category whose name or these words match ("braiding" finds the hairdressing courses,
 * docs/product.md §2, Courses).
 */
export const COURSE_CATEGORIES = [
  { slug: "skincare-cosmetics", name: "Skincare & Cosmetics", about: "skin care facials makeup make-up beauty" },
  { slug: "content-creation", name: "Content Creation", about: "video editing social media influencer" },
  { slug: "fashion-design", name: "Fashion Design", about: "pattern drafting tailoring sewing textile dyeing" },
  {
    slug: "hairdressing-styling",
    name: "Hairdressing & Styling",
    about: "hair cutting braiding braids weaving wig making barbering",
  },
  { slug: "photography", name: "Photography", about: "studio portraits events retouching camera" },
  { slug: "graphics-design", name: "Graphics Design", about: "graphic layout typography brand identity logo" },
] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number]["slug"];
export const COURSE_CATEGORY_SLUGS = COURSE_CATEGORIES.map((c) => c.slug) as [CourseCategory, ...CourseCategory[]];

export const COURSE_LEVELS = ["NVQ Level 1", "NVQ Level 2", "NVQ Level 3"] as const;
/** What the duration select offers; the API takes any short text ("6 weeks" from an older editor). */
export const COURSE_DURATIONS = [
  "1 month",
  "2 months",
  "3 months",
  "6 months",
  "1 year",
  "2 years",
  "3 years",
] as const;

export const OFFER_LIMITS = {
  /** Fees and salaries are whole naira, at most ₦100 million. */
  maxNaira: 100_000_000,
  durationLength: 40,
  howToApplyLength: 300,
  jobAddressLength: 200,
} as const;

export function categoryName(slug: string | null | undefined) {
  return COURSE_CATEGORIES.find((c) => c.slug === slug)?.name ?? null;
}

export function isCourseCategory(value: unknown): value is CourseCategory {
  return typeof value === "string" && (COURSE_CATEGORY_SLUGS as string[]).includes(value);
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i;

/** Punctuation a sentence puts around an address: "(jobs@salon.ng)," is still jobs@salon.ng. */
const AROUND = /^[("'“‘<[]+|[)"'”’>\].,;:!?]+$/g;

export type ApplyLink = {
  kind: "email" | "url";
  /** What the Apply button opens: a mailto (with the job's title as its subject) or the web address. */
  href: string;
  /** The address in words: the e-mail address, or the web address without its scheme. */
  address: string;
  /**
   * What staff wrote with the address (docs/product.md §2, Blog): after a leading address, the
   * words that follow ("your CV and two photos"); around it, their whole sentence; else "".
   */
  note: string;
  /** Whether the address came first, so `note` is a list of what to send rather than a sentence. */
  leading: boolean;
};

/**
 * "How to apply" holds an e-mail address or a web address (http or https only: no javascript:
 * or data: link ever reaches an href), and around it, in the staff's words, what to send
 * ("jobs@salon.ng — your CV and two photos of your work"). Returns the first address found with
 * the words around it, or null when there is none. `title`, when given, becomes the e-mail's subject.
 */
export function applyLink(howToApply: string | null | undefined, title?: string): ApplyLink | null {
  const value = (howToApply ?? "").trim();
  if (!value) return null;
  const words = value.split(/\s+/);
  for (const [i, word] of words.entries()) {
    const token = word.replace(AROUND, "");
    const found = readAddress(token, title);
    if (!found) continue;
    const rest = words.length === 1 ? "" : i === 0 ? words.slice(1).join(" ") : value;
    const note = rest.replace(/^[\s\-–—:,;.]+|[\s\-–—:,;]+$/g, "").trim();
    return { ...found, note, leading: i === 0 };
  }
  return null;
}

function readAddress(token: string, title: string | undefined): Omit<ApplyLink, "note" | "leading"> | null {
  if (EMAIL.test(token)) {
    const subject = title ? `?subject=${encodeURIComponent(`Application: ${title}`)}` : "";
    return { kind: "email", href: `mailto:${token}${subject}`, address: token };
  }
  if (!/^https?:\/\/[^\s]+$/i.test(token)) return null;
  try {
    const url = new URL(token);
    if (!url.hostname.includes(".")) return null;
    return { kind: "url", href: url.href, address: url.href.replace(/^https?:\/\//i, "").replace(/\/$/, "") };
  } catch {
    return null;
  }
}

/** Whole naira for a fee or salary field: "" is none; "150,000" and "₦150000" are 150000; anything else NaN. */
export function nairaFromText(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  const cleaned = value.replace(/[₦,\s]/g, "");
  if (!cleaned) return null;
  return /^\d{1,12}$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
