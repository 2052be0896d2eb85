// Liveness (docs/deploy.md, "Health checks"): the process answers. Nothing else is looked at, so a
// process manager restarts only a process that no longer answers, never one waiting on its database.
export function loader() {
  return new Response("ok\n", {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
