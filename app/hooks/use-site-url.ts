import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/** The site's public origin (PUBLIC_URL), for absolute URLs in structured data. */
export function useSiteUrl() {
  return useRouteLoaderData<typeof rootLoader>("root")?.siteUrl ?? "";
}
