import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ContentChange } from "../../api/lib/content-events";
import { type Api, send, signedInStaff, startApi } from "./harness";

// The web tier's read cache drops its copies on these events: a write that changes public
// content and does not announce it would leave visitors reading stale pages.
let api: Api;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
const seen: ContentChange[] = [];
beforeAll(async () => {
  api = await startApi();
  staff = await signedInStaff(api);
  const { onContentChange } = await import("../../api/lib/content-events");
  onContentChange((change) => seen.push(change));
});
afterAll(() => api.close());

const course = {
  title: "Event course",
  tutors: "Ada",
  featuredImg: "",
  tag: "",
  tipColor: "",
  content: "<p>x</p>",
  assetFolder: "",
};

describe("content change events", () => {
  it("announce each successful create and update of courses, articles and jobs, once", async () => {
    seen.length = 0;
    const created = await send(api, "POST", "/api/courses", { cookie: staff.cookie, json: course });
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    expect(
      (await send(api, "PATCH", `/api/courses/${_id}`, { cookie: staff.cookie, json: { ...course, title: "Renamed" } }))
        .status,
    ).toBe(200);
    expect(
      (
        await send(api, "POST", "/api/articles", {
          cookie: staff.cookie,
          json: { title: "Event article", content: "<p>x</p>", featuredImg: "", assetFolder: "" },
        })
      ).status,
    ).toBe(201);
    expect(seen.map((c) => [c.kind, c.method])).toEqual([
      ["course", "POST"],
      ["course", "PATCH"],
      ["article", "POST"],
    ]);
  });

  it("stay quiet for reads, refused writes and anonymous writes", async () => {
    seen.length = 0;
    await send(api, "GET", "/api/courses");
    await send(api, "POST", "/api/courses", { json: course });
    await send(api, "POST", "/api/courses", { cookie: staff.cookie, json: { ...course, title: "" } });
    expect(seen).toEqual([]);
  });
});
