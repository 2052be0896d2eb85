import { describe, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import * as domain from "../../domain/choices";
import * as content from "~/content/registration";

// The form offers exactly the values the API accepts, so no choice can be refused upstream.
describe("registration choices", () => {
  test("the 36 states and the FCT, each valued by the slug of its own name", () => {
    expect(content.STATES).toHaveLength(37);
    expect(content.STATES.map((s) => s.value)).toEqual([...domain.STATE_SLUGS]);
    for (const { value, label } of content.STATES) {
      const slug = value === "fct" ? "fct" : label.toLowerCase().replace(/\s+/g, "-");
      expect(value).toBe(slug);
    }
    expect(content.STATES.find((s) => s.value === "bauchi")?.label).toBe("Bauchi");
    expect(content.STATES.find((s) => s.value === "oyo")?.label).toBe("Oyo");
  });

  test("the shared domain module stays browser-safe: constants only, no imports", () => {
    for (const file of ["choices", "uploads", "lists", "images", "offers"]) {
      const source = readFileSync(new URL(`../../domain/${file}.ts`, import.meta.url), "utf8");
      expect(source, file).not.toMatch(/^\s*(import|export \*)\s/m);
      expect(source, file).not.toMatch(/\brequire\(|process\.|node:/);
    }
  });

  test("docs/product.md's words for the fee and the file rules", () => {
    expect(content.payment.fee).toBe("₦20,000");
    expect(content.messages.fileCount).toBe("Maximum number of file upload is 3");
    expect(content.messages.fileSize).toBe("Maximum file size of 3MB per file");
    expect(content.messages.uploadFailed).toBe("An error occured while trying to upload your form file attachments");
    expect(Object.values(content.sectionTitles)).toEqual([
      "Personal Details",
      "Contact Information",
      "Address",
      "Course Selection",
      "Identification",
      "Parental Consent",
      "Educational Background",
      "Emergency Contact",
      "Acknowledgement",
      "Payment",
      "Declaration",
      "Submit",
    ]);
  });
});
