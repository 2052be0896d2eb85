import type { LoaderFunctionArgs } from "@remix-run/node";

import { workerScript } from "~/features/offline/worker.server";

// The service worker for reading offline (docs/decisions/042-offline-reading.md). The page
// registers it as /sw.js?v=<build version>: a new deployment is a new script, which replaces the
// old worker and its stores. Served from the root so that it may look after every page.
export function loader({ request }: LoaderFunctionArgs) {
  const version = new URL(request.url).searchParams.get("v") ?? "";
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(version))
    return new Response("A build version is required: /sw.js?v=<version>", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(workerScript(version), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      // The browser checks for a new worker on each visit; the version in the URL does the rest.
      "Cache-Control": "no-cache",
    },
  });
}
