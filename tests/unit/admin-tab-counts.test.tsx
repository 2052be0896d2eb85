import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { NewCount } from "~/features/staff-frame/frame";

// The tabs' "new" counts stop at a bound (docs/decisions/078-bounded-counts-and-the-new-lists.md):
// past it a tab says "999+ new", below it the exact number, and nothing when nothing is new.
const badge = (n: number, more: boolean) => renderToString(<NewCount count={{ n, more }} />);

describe("the staff tabs' new counts", () => {
  it("say the exact number below the bound", () => {
    expect(badge(3, false)).toBe('<span class="tab-count">3 new</span>');
    expect(badge(999, false)).toBe('<span class="tab-count">999 new</span>');
  });

  it('say "999+ new" past it', () => {
    expect(badge(999, true)).toBe('<span class="tab-count">999+ new</span>');
  });

  it("say nothing when nothing is new, or for a role that does not see the count", () => {
    expect(badge(0, false)).toBe("");
    expect(renderToString(<NewCount count={undefined} />)).toBe("");
  });
});
