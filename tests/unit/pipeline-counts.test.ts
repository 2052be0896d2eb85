import { describe, expect, it } from "vitest";

import { pipelineText } from "~/content/lifecycle";

// The pipeline's counts stop at a bound (docs/decisions/084-stored-search-words-and-bounded-pipeline-counts.md):
// a count that stopped says "999+", one below it the exact number.
describe("the pipeline's counts in words", () => {
  it("say the exact number below the bound", () => {
    expect(pipelineText.countOf("Received", 3)).toBe("Received: 3");
    expect(pipelineText.countOf("All", 999, false)).toBe("All: 999");
  });

  it("say there are more past the bound", () => {
    expect(pipelineText.countOf("Received", 999, true)).toBe("Received: 999+");
  });
});
