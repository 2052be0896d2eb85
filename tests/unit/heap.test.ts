import v8 from "node:v8";

import { afterEach, describe, expect, it, vi } from "vitest";

import { HEAP_GROWING_PERCENT, keepHeapSmall } from "../../api/instance";

// A serving process collects its old generation sooner than V8's default, so a loaded server
// stays near 200 MB resident (api/instance.ts); an operator's own flag is left alone.
describe("the server's heap growth", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sets V8's growing factor to 1.25 when the server starts", () => {
    const set = vi.spyOn(v8, "setFlagsFromString").mockImplementation(() => undefined);
    expect(keepHeapSmall([])).toBe(true);
    expect(set).toHaveBeenCalledWith(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(HEAP_GROWING_PERCENT).toBe(25);
  });

  it("keeps a factor given on node's command line", () => {
    const set = vi.spyOn(v8, "setFlagsFromString").mockImplementation(() => undefined);
    expect(keepHeapSmall(["--heap-growing-percent=80"])).toBe(false);
    expect(set).not.toHaveBeenCalled();
  });
});
