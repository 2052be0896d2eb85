import type { LoaderFunctionArgs } from "@remix-run/node";

import { upstream } from "~/upstream/index.server";
import { sitemapIndex } from "~/utils/sitemap.server";

// A sitemap index: its files list every public page (app/utils/sitemap.server.ts).
export async function loader({ request }: LoaderFunctionArgs) {
  return sitemapIndex(upstream(request));
}
