// Visit counts and the admissions funnel (docs/decisions/064-cookie-free-visit-counts.md): what
// the API counts and keeps, and what the staff page shows, in one place for both tiers.

/** Daily counts are kept this long, then the retention job deletes them (api/privacy/retention.ts). */
export const INSIGHT_KEEP_DAYS = 730;

/** The longest range the staff page reads at once: 365 daily rows per figure. */
export const INSIGHT_MAX_RANGE_DAYS = 365;

/**
 * What a counted page view adds to, one row per day and value:
 * - `views` (value ""): every counted view, the daily total;
 * - `page`: the path, a token-bearing one under its pattern (`/application/:token`);
 * - `course`: a course page's course id; `form`: the registration form's preselected course id;
 * - `referrer`: the other site's domain, "" when the browser named none;
 * - `utm_source`, `utm_campaign`: a link's campaign labels;
 * - `device`: phone, tablet or desktop, read from the user agent and then forgotten;
 * - `search:courses`, `search:blog`: the folded words searched; `nothing:…`: those that found nothing;
 * - `saved`: a registration saved to finish later, by course id; `saved_intake`: the same save by
 *   the intake chosen in it, when one was.
 */
export const INSIGHT_DIMENSIONS = [
  "views",
  "page",
  "course",
  "form",
  "referrer",
  "utm_source",
  "utm_campaign",
  "device",
  "search:courses",
  "search:blog",
  "nothing:courses",
  "nothing:blog",
  "saved",
  "saved_intake",
] as const;
export type InsightDimension = (typeof INSIGHT_DIMENSIONS)[number];

export const DEVICE_CLASSES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The searched pages whose words are counted. */
export const SEARCHED_PAGES = ["courses", "blog"] as const;
export type SearchedPage = (typeof SEARCHED_PAGES)[number];

/** Words longer than this are cut: a search box is not a place to store a letter. */
export const SEARCH_WORDS_MAX = 60;

/**
 * The words of a search as they are counted: lower case, accents and punctuation gone, spaces
 * collapsed, cut to SEARCH_WORDS_MAX; "" when nothing is left.
 */
export function foldSearchWords(text: string) {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .slice(0, SEARCH_WORDS_MAX)
    .trim();
}

/**
 * The admissions funnel's steps, in order. Views and saves are counted as they happen; the rest
 * are read from the applicants' records: applications made in the week, and of those, how many
 * have been offered a seat (Offered, or gone on to Accepted, Paid or Enrolled; decision 074),
 * paid and enrolled so far.
 */
export const FUNNEL_STEPS = [
  "coursePage",
  "formViews",
  "savedForms",
  "applications",
  "offered",
  "paid",
  "enrolled",
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
