// What a course and a job offer a visitor (docs/product.md §3, docs/decisions/019-course-and-job-offers.md): course category, fee,
// duration, level and next start; a job's way to apply, salary and address. Both tiers apply
// these limits: the editors check them first, the API for good.

/** The home page's six categories: the slug rides URLs (`/courses?category=…`) and the database. */
export const COURSE_CATEGORIES = [
  { slug: "skincare-cosmetics", name: "Skincare & Cosmetics" },
  { slug: "content-creation", name: "Content Creation" },
  { slug: "fashion-design", name: "Fashion Design" },
  { slug: "hairdressing-styling", name: "Hairdressing & Styling" },
  { slug: "photography", name: "Photography" },
  { slug: "graphics-design", name: "Graphics Design" },
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

/**
 * "How to apply" is an e-mail address or a web address (http or https only: no javascript:
 * or data: link ever reaches an href). Returns the link the Apply button opens, or null.
 */
export function applyLink(howToApply: string | null | undefined): { kind: "email" | "url"; href: string } | null {
  const value = (howToApply ?? "").trim();
  if (!value) return null;
  if (EMAIL.test(value)) return { kind: "email", href: `mailto:${value}` };
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.hostname.includes(".") ? { kind: "url", href: url.href } : null;
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

export function formatNaira(amount: number) {
  // Not toLocaleString: the server's and the browser's ICU data may differ, and hydration would.
  return `₦${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}
