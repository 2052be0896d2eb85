import { describe, expect, it } from "vitest";

import { isLite, liteCookie, liteSwitchSchema } from "~/features/lite/lite.server";
import { offlineWorker, workerScript } from "~/features/offline/worker.server";

// Lite mode (docs/decisions/041-lite-mode.md) and the offline worker's script (decision 042).
const request = (headers: Record<string, string>) => new Request("http://x/", { headers });

describe("Lite mode", () => {
  it("is chosen by Save-Data, and the visitor's own choice wins over it", () => {
    expect(isLite(request({}))).toBe(false);
    expect(isLite(request({ "Save-Data": "on" }))).toBe(true);
    expect(isLite(request({ "Save-Data": " On " }))).toBe(true);
    expect(isLite(request({ "Save-Data": "off" }))).toBe(false);
    expect(isLite(request({ Cookie: "a=1; academy_lite=on" }))).toBe(true);
    expect(isLite(request({ Cookie: "academy_lite=off", "Save-Data": "on" }))).toBe(false);
    expect(isLite(request({ Cookie: "not_academy_lite=on" }))).toBe(false);
  });

  it("remembers the choice for a year, for the whole site", () => {
    expect(liteCookie("on")).toMatch(/^academy_lite=on; Path=\/; Max-Age=31536000; SameSite=Lax/);
  });

  it("returns only to a path of this site", () => {
    const ok = (to: string) => liteSwitchSchema.safeParse({ mode: "on", to }).success;
    expect(ok("/courses?category=beauty")).toBe(true);
    for (const to of ["//evil.example/", "/\\evil.example", "https://evil.example/", "courses", "/a b", ""])
      expect(ok(to), to).toBe(false);
    expect(liteSwitchSchema.safeParse({ mode: "maybe", to: "/" }).success).toBe(false);
  });
});

describe("the offline worker's script", () => {
  it("is the worker's own source with this deployment's settings, and parses as a script", () => {
    const script = workerScript("abc123");
    expect(script).toContain(offlineWorker.toString());
    expect(script).toContain('"version":"abc123"');
    // A syntax error would only show in the browser: compile it here (without running it).
    expect(() => new Function(script)).not.toThrow();
  });
});
