import { readFileSync } from "node:fs";

import { describe, expect, test } from "vitest";

import { settingsView } from "@domain/settings";
import { DEFAULT_SETTINGS } from "@domain/settings-defaults";
import * as content from "~/content/registration";
import { messages } from "~/content/registration-messages";
import { thankYouCopy } from "~/content/thank-you";

import * as domain from "../../domain/choices";

// The form offers exactly the values the API accepts, so no choice can be refused upstream.
const defaults = settingsView(DEFAULT_SETTINGS, 0, { withholdSample: false });

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
    for (const file of ["choices", "uploads", "lists", "images", "offers", "registrations", "text"]) {
      const source = readFileSync(new URL(`../../domain/${file}.ts`, import.meta.url), "utf8");
      expect(source, file).not.toMatch(/^\s*(import|export \*)\s/m);
      expect(source, file).not.toMatch(/\brequire\(|process\.|node:/);
    }
  });

  test("docs/product.md's words for the fee and the file rules", () => {
    expect(content.payment(defaults).fee).toBe("₦20,000");
    expect(messages.fileCount).toBe("Maximum number of file upload is 3");
    expect(messages.fileSize).toBe("Maximum file size of 3MB per file");
    expect(messages.uploadFailed).toBe("An error occured while trying to upload your form file attachments");
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

describe("the confirmation e-mail (api/mail/templates.ts)", () => {
  test("says word for word what it said when the web tier worded it", async () => {
    const { confirmationMail } = await import("../../api/mail/templates");
    const { config } = await import("../../api/config");
    const mail = confirmationMail(
      {
        firstname: "Ada",
        reference: "FLA-ABCDEF12",
        course: "Bridal Makeup",
        courseType: "Full Course",
      },
      defaults,
    );
    expect(mail).toEqual({
      subject: "Your registration at Fine Line Academy — FLA-ABCDEF12",
      text: [
        "Dear Ada,",
        "",
        "We have received your registration. Our admissions team will review it and contact you by e-mail or phone shortly.",
        "",
        "Your reference: FLA-ABCDEF12",
        "Course: Bridal Makeup (Full Course)",
        "",
        "Pay the registration fee:",
        "1. Transfer the registration fee of ₦20,000 to the account below.",
        "2. Use your reference as the transfer reference, so that we can match your payment to your application.",
        "3. Then send a photo or PDF of your transfer receipt from your private status page.",
        "",
        "Bank: Zenith Bank Plc",
        "Account Name: Fine Line Academy Ltd",
        "Account Number: 1012345678",
        "Amount: ₦20,000",
        "",
        // The academy's phone and hours, beside the Reply-To to admissions (docs/product.md §4).
        "Questions? Reply to this e-mail or call us on +234 803 000 0000 (Monday to Saturday, 9am to 5pm).",
        "",
        // The privacy notice, linked from the confirmation (docs/decisions/034-retention-and-rights.md).
        `How we use and protect your details, how long we keep them and how to ask for a copy or their deletion: ${config().PUBLIC_URL}/privacy`,
        "",
        "Fine Line Academy, Lagos",
      ].join("\n"),
    });
    // The thank-you screen shows the same sentence and steps.
    expect(mail.text).toContain(thankYouCopy.body);
    for (const step of content.payment(defaults).steps) expect(mail.text).toContain(step);
  });

  test("never shows the sample account while it is withheld (production, not the demo)", async () => {
    const { confirmationMail } = await import("../../api/mail/templates");
    const withheld = settingsView(DEFAULT_SETTINGS, 0, { withholdSample: true });
    const mail = confirmationMail(
      { firstname: "Ada", reference: "FLA-ABCDEF12", course: "Bridal Makeup", courseType: "Full Course" },
      withheld,
    );
    expect(mail.text).not.toContain(DEFAULT_SETTINGS.payments.accountNumber);
    expect(mail.text).toContain(content.payment(withheld).withheldNote);
  });

  test.each([
    ["Ada", "Ada"],
    ["Chukwuemeka", "Chukwuemeka"],
    ["Mary-Jane", "Mary-Jane"],
    ["J. K.", "J. K."],
    ["O’Neil", "O’Neil"],
    ["Zoë", "Zoë"],
    ["Ada verify at http://academy-verify.example", null],
    ["academy-verify.example", null],
    ["www academy verify", null],
    ["Ada 08031234567", null],
    ["Ada <b>", null],
    ["A".repeat(41), null],
  ])("greets %j as %j", async (typed, greeted) => {
    const { greetingName } = await import("../../api/mail/templates");
    expect(greetingName(typed)).toBe(greeted);
  });
});
