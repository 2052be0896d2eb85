import { useRouteLoaderData } from "@remix-run/react";

import type { loader as rootLoader } from "~/root";

/** The signed-in staff user from the root loader, or null for a visitor. */
export function useOptionalUser() {
  return useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
}

/** Where images are delivered from (the API's store or the image host). */
export function useImageBase() {
  return useRouteLoaderData<typeof rootLoader>("root")?.env.imageBase ?? "/api/images";
}

/** Whether this page is the Lite one: no scripts, smaller and fewer images (docs/decisions/041-lite-mode.md). */
export function useLite() {
  return useRouteLoaderData<typeof rootLoader>("root")?.lite ?? false;
}
