import { JOB_LOCATIONS, JOB_TYPES } from "@domain/choices";
import { LIST_PAGE_SIZE as PAGE_SIZE } from "@domain/lists";
import { isClosedDeadline, lagosDate } from "@domain/schedule";
import { jobAlertText } from "~/content/job-alerts";
import type { ListQuery } from "~/features/lists/lists.server";
import type { PostListItem } from "~/upstream/schemas";

const API_MAX_LIMIT = 96; // the API caps `limit` at 100; stay on whole pages

type Segment = "open" | "closed";
type Fetch = (params: { limit: number; after?: string; deadline: Segment }) => Promise<PostListItem[]>;

/** A job seeker's type and place, when they name one of the choices (anything else: no filter). */
export function readJobFilter(params: URLSearchParams) {
  const jobType = JOB_TYPES.find((choice) => choice === params.get("jobType"));
  const jobLocation = JOB_LOCATIONS.find((choice) => choice === params.get("jobLocation"));
  return { ...(jobType ? { jobType } : {}), ...(jobLocation ? { jobLocation } : {}) };
}

/**
 * What the jobs list shows beyond its cards, sent with its data: the types and places it filters by
 * and the job alerts' invitation (docs/product.md §2, Blog). The blog's script carries no list of
 * choices and none of the job alerts' words (docs/decisions/087-every-public-page-within-the-homes-budget.md).
 */
export const jobsListExtras = {
  choices: { types: JOB_TYPES, locations: JOB_LOCATIONS },
  teaser: {
    heading: jobAlertText.teaserHeading,
    text: jobAlertText.teaser,
    email: jobAlertText.email,
    subscribe: jobAlertText.subscribe,
  },
};
export type JobsListExtras = typeof jobsListExtras;

/** Each card says whether its job is past its deadline (docs/product.md §2, Blog). */
export function withClosed<T extends PostListItem>(items: T[], today = lagosDate()) {
  return items.map((item) => ({ ...item, closed: isClosedDeadline(item.applicationDeadline, today) }));
}

/**
 * The jobs list: the jobs still taking applications first, then the closed ones, each segment
 * newest first and read by key (docs/decisions/027-keyset-paging-search-sitemap.md), so a page
 * costs the same at any depth. Load More names the segment its last card was in (`segment`) with
 * that card's key (`after`), with JavaScript and without (docs/decisions/029); an old `?page=N`
 * link reads everything so far, segment by segment, as the other lists do (at most 40 pages).
 */
export async function loadJobsOpenFirst(query: ListQuery, segmentParam: string | null, fetch: Fetch) {
  const byKey = !!query.after;
  const want = byKey ? PAGE_SIZE : query.page * PAGE_SIZE;
  let segment: Segment = byKey && segmentParam === "closed" ? "closed" : "open";
  let after = byKey ? query.after : undefined;
  const items: PostListItem[] = [];
  let ended = false;
  while (items.length < want) {
    const limit = Math.min(API_MAX_LIMIT, want - items.length);
    const slice = await fetch({ limit, after, deadline: segment });
    items.push(...slice);
    if (slice.length < limit) {
      if (segment === "closed") {
        ended = true;
        break;
      }
      segment = "closed";
      after = undefined;
      continue;
    }
    const last = slice.at(-1)!;
    after = `${last.createdAt}_${last._id}`;
  }
  // Load More without a key (never sent by this site's pages) gets the page's own slice.
  const page = query.chunk && !byKey ? items.slice((query.page - 1) * PAGE_SIZE) : items;
  const lastPageCount = page.length - (query.chunk || byKey ? 0 : (query.page - 1) * PAGE_SIZE);
  const offset = byKey || query.chunk ? (query.page - 1) * PAGE_SIZE : 0;
  return { items: withClosed(page), hasMore: !ended && lastPageCount >= PAGE_SIZE, offset };
}
