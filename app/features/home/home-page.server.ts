import { homeContent } from "~/content/home";
import { messages } from "~/content/messages";
import { team } from "~/content/team";
import { upstream } from "~/upstream/index.server";
import { siteSettingsFor } from "~/upstream/settings.server";
import { pageNow } from "~/utils/relative-time";

import { organizationFacts } from "./organization-facts.server";

// The home page's data (docs/product.md §2, Home): its two lists, its long copy and the
// academy's facts for structured data, all sent as data, not code, to keep the page's JavaScript
// small (the budgets in scripts/bench.ts).

export async function loadHomePage(request: Request) {
  const api = upstream(request);
  const [courses, posts, settings] = await Promise.all([
    api.courses.list({ limit: 3 }).catch(logFailure),
    // Recent Posts shows no job whose deadline has passed (docs/product.md §2, Home).
    api.posts.list({ limit: 4, deadline: "open" }).catch(logFailure),
    siteSettingsFor(request),
  ]);
  const failed = !courses || !posts;
  return {
    content: { ...homeContent, team: team.slice(0, 4) },
    courses,
    posts,
    now: pageNow(),
    organization: organizationFacts(settings),
    // docs/product.md §8: a home list failure is a persistent toast; the page still renders.
    pageToast: failed ? { message: messages.homeListsFailed, type: "error" as const, persistent: true } : undefined,
  };
}

function logFailure(error: unknown): null {
  console.error("[home] list failed", error);
  return null;
}
