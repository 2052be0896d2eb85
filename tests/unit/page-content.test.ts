import { describe, expect, it } from "vitest";

import {
  changedBlocks,
  checkBlock,
  initialsOf,
  isSiteOrHttpsLink,
  PAGE_BLOCKS,
  paragraphs,
  rearrange,
  withBlocks,
} from "@domain/page-content";
import { DEFAULT_PAGE_CONTENT } from "@domain/page-content-defaults";

// The page content's rules (domain/page-content.ts), which the staff page's action and the API
// both apply (docs/decisions/070-page-content-blocks.md).
describe("checkBlock", () => {
  it("keeps good items, trimmed, with long text's line breaks unified", () => {
    const { value, problems } = checkBlock("faqs", [{ question: "  Why? ", answer: "One\r\n\r\n\r\n\r\nTwo  \n" }]);
    expect(problems).toEqual({});
    expect(value).toEqual([{ question: "Why?", answer: "One\n\nTwo" }]);
  });

  it("names each bad field by its form name", () => {
    const member = {
      name: "",
      position: "Tutor\nLead",
      photo: "",
      links: { facebook: "ftp://x", instagram: "", linkedin: "", x: "" },
    };
    const { problems } = checkBlock("team", [DEFAULT_PAGE_CONTENT.team[0], member]);
    expect(problems).toEqual({
      team1name: "Please fill this in",
      team1position: "Keep this on one line",
      team1facebook: "A link must start with https:// or http://",
    });
    expect(checkBlock("testimonials", [{ quote: "q", name: "n", role: "" }]).problems).toEqual({});
    expect(checkBlock("faqs", [{ question: "x".repeat(161), answer: "a" }]).problems).toEqual({
      faqs0question: "Please keep this under 160 characters",
    });
  });

  it("holds the blurbs and Why Us to their number of items", () => {
    const blurb = { title: "T", text: "x" };
    expect(checkBlock("features", [blurb, blurb]).problems.features).toBe("Exactly 3 items");
    expect(checkBlock("whyUs", []).problems.whyUs).toBe("Exactly 1 items");
    expect(checkBlock("whyUsPoints", [{ point: "One\ntwo" }]).problems).toEqual({
      whyUsPoints0point: "Keep this on one line",
    });
  });

  it("refuses more items than the block holds", () => {
    const many = Array.from({ length: 13 }, () => ({ quote: "q", name: "n", role: "" }));
    expect(checkBlock("testimonials", many).problems.testimonials).toBe("At most 12 items");
  });

  it("accepts the seed as it is", () => {
    for (const block of PAGE_BLOCKS) {
      const { value, problems } = checkBlock(block, DEFAULT_PAGE_CONTENT[block]);
      expect(problems).toEqual({});
      expect(value).toEqual(DEFAULT_PAGE_CONTENT[block]);
    }
  });
});

describe("the slides' buttons", () => {
  it("take a page of this site or an https address, nothing else", () => {
    for (const ok of ["/", "/registration-form", "/courses?type=crash#top", "https://wa.me/2348030000000"])
      expect(isSiteOrHttpsLink(ok), ok).toBe(true);
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "http://example.com",
      "javascript:alert(1)",
      "courses",
      "/a b",
      "https://",
    ])
      expect(isSiteOrHttpsLink(bad), bad).toBe(false);
  });

  it("come in pairs: words need a link and a link needs words; neither is no button", () => {
    const slide = { ...DEFAULT_PAGE_CONTENT.slides[0]! };
    const { problems } = checkBlock("slides", [
      { ...slide, button1Link: "", button2Label: "" },
      { ...slide, button1Link: "//evil.example" },
      { ...slide, button1Label: "", button1Link: "", button2Label: "", button2Link: "" },
    ]);
    expect(problems).toEqual({
      slides0button1Link: "Give this button a link too, or clear its words",
      slides0button2Label: "Give this button its words too, or clear its link",
      slides1button1Link: "A button's link must be a page of this site (starting with /) or start with https://",
    });
  });
});

describe("rearrange (the form's add, remove, up and down buttons)", () => {
  const blank = () => "new";
  it.each([
    ["add", ["a", "b", "c", "new"]],
    ["remove:1", ["a", "c"]],
    ["up:2", ["a", "c", "b"]],
    ["up:0", ["a", "b", "c"]],
    ["down:0", ["b", "a", "c"]],
    ["down:2", ["a", "b", "c"]],
    ["remove:7", ["a", "b", "c"]],
    ["up:-1", ["a", "b", "c"]],
    ["up:x", ["a", "b", "c"]],
    ["save", ["a", "b", "c"]],
  ])("%s", (intent, expected) => {
    expect(rearrange(["a", "b", "c"], intent, blank, 10)).toEqual(expected);
  });
  it("adds nothing past the limit", () => {
    expect(rearrange(["a", "b"], "add", blank, 2)).toEqual(["a", "b"]);
  });
});

describe("the rest", () => {
  it("splits paragraphs on blank lines only", () => {
    expect(paragraphs("One\ntwo\n\n\nThree")).toEqual(["One\ntwo", "Three"]);
    expect(paragraphs("  ")).toEqual([]);
  });
  it("makes initials from the first two words", () => {
    expect(initialsOf("Folake Adebayo")).toBe("FA");
    expect(initialsOf("  ngozi  umeh okeke")).toBe("NU");
    expect(initialsOf("Émilie")).toBe("É");
  });
  it("names the blocks a save changes, and fills a block a stored value lacks", () => {
    const after = { ...DEFAULT_PAGE_CONTENT, team: DEFAULT_PAGE_CONTENT.team.slice(1) };
    expect(changedBlocks(DEFAULT_PAGE_CONTENT, after)).toEqual(["team"]);
    expect(withBlocks({ faqs: [] }, DEFAULT_PAGE_CONTENT)).toEqual({ ...DEFAULT_PAGE_CONTENT, faqs: [] });
  });
});
