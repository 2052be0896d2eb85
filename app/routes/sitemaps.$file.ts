import type { LoaderFunctionArgs } from "@remix-run/node";

import { upstream } from "~/upstream/index.server";
import { sitemapFile } from "~/utils/sitemap.server";

// One file of the sitemap index, streamed (app/utils/sitemap.server.ts).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = sitemapFile(upstream(request), params.file ?? "");
  if (!file) throw new Response("Not found", { status: 404 });
  return file;
}
