import { describe, expect, it } from "vitest";

import { readToasts, redirectWithToast, toastHeader } from "~/utils/toast.server";

/** The request a browser sends next, carrying the cookie a response set. */
function requestWith(setCookie: string | null) {
  const headers = new Headers();
  if (setCookie) headers.set("cookie", setCookie.split(";")[0]);
  return new Request("http://localhost/job/new", { headers });
}

describe("toast cookie", () => {
  it("keeps a notice not yet shown when the next response adds one (re-login, then the replayed publish)", async () => {
    const welcome = await toastHeader({ message: "Welcome Back" });
    const created = await toastHeader({ message: "New Job Created" }, requestWith(welcome));
    const { toasts, clearHeader } = await readToasts(requestWith(created));
    expect(toasts.map((t) => t.message)).toEqual(["Welcome Back", "New Job Created"]);
    expect(new Set(toasts.map((t) => t.id)).size).toBe(2);
    expect(clearHeader).toMatch(/Max-Age=0/i);
  });

  it("a redirect adds its notice after the pending ones, and the list stays bounded", async () => {
    let cookie = await toastHeader({ message: "one" });
    for (const message of ["two", "three", "four", "five"])
      cookie = await toastHeader({ message }, requestWith(cookie));
    const response = await redirectWithToast("/blog", { message: "six", type: "error" }, {}, requestWith(cookie));
    const { toasts } = await readToasts(requestWith(response.headers.get("set-cookie")));
    expect(toasts.map((t) => t.message)).toEqual(["three", "four", "five", "six"]);
    expect(toasts.at(-1)).toMatchObject({ message: "six", type: "error" });
  });

  it("reads nothing, and clears nothing, without a cookie; ignores a malformed one", async () => {
    expect(await readToasts(requestWith(null))).toEqual({ toasts: [], clearHeader: null });
    const { toasts } = await readToasts(requestWith("academy_toast=bm90IGpzb24; Path=/"));
    expect(toasts).toEqual([]);
  });
});
