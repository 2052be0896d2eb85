import { redirect } from "@remix-run/node";

// People type and share "/jobs" for the job list, which lives at /blog?jobs (SPEC's one list of
// posts, filtered): a permanent redirect rather than a 404 (docs/product.md §2).
export const loader = () => redirect("/blog?jobs", 301);
