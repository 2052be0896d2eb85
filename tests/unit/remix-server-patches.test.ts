import { createRequire } from "node:module";

import { describe, expect, it } from "vitest";

// The patched Remix server runtime, applied on install (docs/decisions/049-a-page-view-does-only-its-own-work.md):
// the loader data's encoding for the browser is made only when a render reads it, and a page from
// the render cache never does. (remix-serve's patch: tests/security/web/ops-logs.test.ts.)
const require = createRequire(import.meta.url);
// @remix-run/node re-exports the runtime's handler (the patched CommonJS build).
const runtime = require("@remix-run/node") as typeof import("@remix-run/node");

/** A one-route build whose loader data counts how often it is read, answered by `entry`. */
function buildWith(entry: (context: { serverHandoffStream?: ReadableStream<Uint8Array> }) => Promise<Response>) {
  const reads = { count: 0 };
  const data = {
    get words() {
      reads.count++;
      return "kept for the browser";
    },
  };
  const route = {
    id: "root",
    path: "",
    hasLoader: true,
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
  };
  const build = {
    mode: "production",
    entry: {
      module: {
        default: (_req: Request, status: number, _headers: Headers, context: never) =>
          entry(context).then((r) => new Response(r.body, { status })),
      },
    },
    routes: { root: { ...route, parentId: undefined, module: { default: () => null, loader: () => data } } },
    assets: {
      version: "1",
      url: "/build/manifest.js",
      entry: { module: "/build/entry.js", imports: [] },
      routes: { root: { ...route, module: "/build/root.js", imports: [] } },
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {
      v3_singleFetch: true,
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: true,
    },
    isSpaMode: false,
    basename: undefined,
  };
  const handler = runtime.createRequestHandler(build as never, "production");
  return { reads, get: () => handler(new Request("http://localhost/")) };
}

describe("the patched Remix server runtime", () => {
  it("does not encode the loader data for a page answered without rendering it", async () => {
    const { reads, get } = buildWith(async () => new Response("<p>from the render cache</p>"));
    const res = await get();
    expect(await res.text()).toBe("<p>from the render cache</p>");
    expect(reads.count).toBe(0);
  });

  it("encodes it, whole, when a render reads it", async () => {
    const { reads, get } = buildWith(
      async (context) => new Response(await new Response(context.serverHandoffStream).text()),
    );
    const res = await get();
    expect(await res.text()).toContain("kept for the browser");
    expect(reads.count).toBe(1);
  });
});
