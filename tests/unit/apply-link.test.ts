import { describe, expect, it } from "vitest";

import { applyLink } from "@domain/offers";

// A job's "How to apply": an address, and around it what to send (docs/product.md §2, Blog).
describe("applyLink", () => {
  it("finds the e-mail address in the staff's words, keeps the rest as what to send, and subjects the mail", () => {
    expect(applyLink("jobs@glow.ng — your CV and two photos of your work", "Junior Stylist")).toEqual({
      kind: "email",
      href: "mailto:jobs@glow.ng?subject=Application%3A%20Junior%20Stylist",
      address: "jobs@glow.ng",
      note: "your CV and two photos of your work",
      leading: true,
    });
  });
  it("reads an address in the middle of a sentence, without its punctuation", () => {
    const link = applyLink("Send your CV and portfolio to (hr@studio.ng), by Friday.");
    expect(link).toMatchObject({ kind: "email", address: "hr@studio.ng", href: "mailto:hr@studio.ng" });
    expect(link?.note).toBe("Send your CV and portfolio to (hr@studio.ng), by Friday.");
    expect(link?.leading).toBe(false);
  });
  it("shows a web address without its scheme", () => {
    expect(applyLink("https://glow.ng/careers/")).toEqual({
      kind: "url",
      href: "https://glow.ng/careers/",
      address: "glow.ng/careers",
      note: "",
      leading: true,
    });
  });
  it("keeps a bare address working as before", () => {
    expect(applyLink("jobs@glow.ng")).toMatchObject({ href: "mailto:jobs@glow.ng", note: "" });
  });
  it("never links anything but an e-mail or http(s) address", () => {
    expect(applyLink("javascript:alert(1)")).toBeNull();
    expect(applyLink("call 0803 000 0000")).toBeNull();
    expect(applyLink("data:text/html,hi")).toBeNull();
    expect(applyLink("javascript:alert(1) jobs@glow.ng")?.href).toBe("mailto:jobs@glow.ng");
  });
});
