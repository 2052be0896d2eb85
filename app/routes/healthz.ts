import { versionLabel } from "~/utils/operations.server";

// Liveness (docs/deploy.md, "Health checks"): the process answers. Nothing else is looked at, so a
// process manager restarts only a process that no longer answers, never one waiting on its database.
// The release follows "ok" (docs/deploy.md, "Versions"): a rolling upgrade can see which one answers.
export function loader() {
  return new Response(`ok ${versionLabel()}\n`, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
