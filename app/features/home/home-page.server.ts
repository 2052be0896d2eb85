import { homeContent } from "~/content/home";
import { messages } from "~/content/messages";
import { upstream } from "~/upstream/index.server";
import { pageContentFor, type StoredPageContent } from "~/upstream/page-content.server";
import { derivedOnce } from "~/upstream/read-cache.server";
import { siteSettingsFor } from "~/upstream/settings.server";
import { pageNow } from "~/utils/relative-time";

import { organizationFacts } from "./organization-facts.server";
import { homeBlocks } from "./page-blocks.server";

// The home page's data (docs/product.md §2, Home): its two lists, its long copy and the
// academy's facts for structured data, all sent as data, not code, to keep the page's JavaScript
// small (the budgets in scripts/bench.ts).

// Made once per saved settings and page content (both frozen answers of the read cache), not per
// request: a cached visit then neither builds them nor writes them out for the render cache's key
// (docs/decisions/083-home-throughput.md).
const contentFrom = derivedOnce((blocks: StoredPageContent) => ({ ...homeContent, ...homeBlocks(blocks) }));
const organizationFrom = derivedOnce(organizationFacts);

export async function loadHomePage(request: Request) {
  const api = upstream(request);
  const [courses, posts, settings, blocks] = await Promise.all([
    api.courses.list({ limit: 3 }).catch(logFailure),
    // Recent Posts shows no job whose deadline has passed (docs/product.md §2, Home).
    api.posts.list({ limit: 4, deadline: "open" }).catch(logFailure),
    siteSettingsFor(request),
    // The FAQs, team and testimonials Editors change (docs/decisions/070), from the read cache.
    pageContentFor(request),
  ]);
  const failed = !courses || !posts;
  return {
    content: contentFrom(blocks),
    courses,
    posts,
    now: pageNow(),
    organization: organizationFrom(settings),
    // docs/product.md §8: a home list failure is a persistent toast; the page still renders.
    pageToast: failed ? { message: messages.homeListsFailed, type: "error" as const, persistent: true } : undefined,
  };
}

function logFailure(error: unknown): null {
  console.error("[home] list failed", error);
  return null;
}
