import { describe, expect, it } from "vitest";

import { plainTextOf, sanitizeRichText } from "../../api/lib/sanitize";
import { slugify, uniqueSlug } from "../../api/lib/slug";
import { parseTransform } from "../../api/storage/images";
import { sniffApplicantFile } from "../../api/storage/private-files";

describe("slugs", () => {
  it("come from titles", () => {
    expect(slugify("Makeup Artistry: Bridal & Editorial")).toBe("makeup-artistry-bridal-and-editorial");
    expect(slugify("Crème brûlée!!")).toBe("creme-brulee");
    expect(slugify("???")).toBe("item");
  });
  it("stay unique", async () => {
    const taken = new Set(["hair", "hair-2"]);
    expect(await uniqueSlug("Hair", async () => [...taken])).toBe("hair-3");
  });
});

describe("rich text sanitizing", () => {
  it("keeps the editor's formatting and drops scripts, handlers and javascript: links", () => {
    const dirty = `<h2>Title</h2><p onclick="x()">Hi <strong>there</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="https://x.test/a.png" onerror="alert(1)"><iframe src="https://evil"></iframe>`;
    const clean = sanitizeRichText(dirty);
    expect(clean).toContain("<h2>Title</h2>");
    expect(clean).toContain("<strong>there</strong>");
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe/);
  });
  it("gives links rel=noopener", () => {
    expect(sanitizeRichText('<a href="https://a.test" target="_blank">a</a>')).toContain('rel="noopener noreferrer"');
  });
  it("gives an image without a text alternative an empty one", () => {
    expect(sanitizeRichText('<img src="/a.png">')).toBe('<img src="/a.png" alt="" />');
    expect(sanitizeRichText('<img src="/a.png" alt="A braid">')).toContain('alt="A braid"');
  });
  it("makes a short plain-text description", () => {
    expect(plainTextOf("<p>One &amp; two</p><p>three</p>")).toBe("One & two three");
    expect(plainTextOf(`<p>${"word ".repeat(100)}</p>`, 50).length).toBeLessThanOrEqual(51);
  });
});

describe("image transformations", () => {
  it("reads Cloudinary-style segments and refuses junk and oversize widths", () => {
    expect(parseTransform("w_400,h_250,c_fill,dpr_2,f_auto")).toMatchObject({
      width: 400,
      height: 250,
      crop: "fill",
      dpr: 2,
    });
    expect(parseTransform("w_5000")).toBeUndefined();
    expect(parseTransform("x_1")).toBeUndefined();
  });
});

describe("applicant file sniffing", () => {
  it("knows PDF and PNG by their first bytes, not their names", () => {
    expect(sniffApplicantFile(Buffer.from("%PDF-1.7 ..."))).toBe("application/pdf");
    expect(sniffApplicantFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(sniffApplicantFile(Buffer.from("just text"))).toBeUndefined();
  });
});
