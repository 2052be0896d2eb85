import { describe, expect, it } from "vitest";

import { formatStaffList, STAFF_LIST_HEADER } from "../../scripts/staff-list";

describe("npm run staff -- list", () => {
  it("prints each account's last sign-in, and 'never' before the first", () => {
    const out = formatStaffList([
      {
        email: "ada@academy.test",
        name: "Ada",
        is_demo: 0,
        created_at: "2026-11-01T08:00:00.000Z",
        last_login_at: "2026-11-23T09:15:00.000Z",
      },
      {
        email: "demo@academy.test",
        name: "Demo",
        is_demo: 1,
        created_at: "2026-11-02T08:00:00.000Z",
        last_login_at: null,
      },
    ]).split("\n");
    expect(out[0]).toBe(STAFF_LIST_HEADER);
    expect(out[0].split("\t")).toEqual(["Email", "Name", "Created", "Last sign-in"]);
    expect(out[1].split("\t")).toEqual([
      "ada@academy.test",
      "Ada",
      "2026-11-01T08:00:00.000Z",
      "2026-11-23T09:15:00.000Z",
    ]);
    expect(out[2].split("\t")).toEqual(["demo@academy.test", "Demo (demo)", "2026-11-02T08:00:00.000Z", "never"]);
  });
});
