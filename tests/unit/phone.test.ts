import { describe, expect, it } from "vitest";

import { isPhoneNumber, phoneE164 } from "@domain/phone";
import { looksLikePhoneNumber } from "@domain/phone-shape";
import { registrationSchema } from "~/features/registration/schema";

import { downloadName } from "../../api/lib/applicant-files";
import { personMatch, referenceIdPrefix, searchedPhone } from "../../api/lib/person-search";
import { personKey } from "../../api/limits";

// The one phone rule (domain/phone.ts, docs/decisions/037-references-phones-and-payment.md):
// Nigerian numbers however they are dialled, other countries' with their code, stored as E.164.
const READ_AS: [typed: string, e164: string][] = [
  ["+2348031234567", "+2348031234567"],
  ["08031234567", "+2348031234567"],
  ["0803 123 4567", "+2348031234567"],
  ["0803-123-4567", "+2348031234567"],
  ["(0803) 123 4567", "+2348031234567"],
  ["234 803 123 4567", "+2348031234567"],
  ["+234 (0) 803 123 4567", "+2348031234567"],
  ["8031234567", "+2348031234567"],
  ["0913 123 4567", "+2349131234567"],
  ["+44 20 7946 0958", "+442079460958"],
];

describe("the phone rule", () => {
  it.each(READ_AS)("reads %s as %s", (typed, e164) => {
    expect(phoneE164(typed)).toBe(e164);
    expect(isPhoneNumber(typed)).toBe(true);
  });

  it.each([
    "0803 123",
    "12345",
    "call me",
    "0803 123 4567 ext",
    "+234 803 123 4567 8901 23",
    "",
    "++2348031234567",
    "0100 000 0000",
  ])("refuses %j: nobody can call it", (typed) => {
    expect(phoneE164(typed)).toBeUndefined();
    expect(isPhoneNumber(typed)).toBe(false);
  });

  it("is the rule of the registration form in the browser too", () => {
    const phoneError = (phone: string) =>
      registrationSchema.safeParse({ phone }).error?.issues.find((i) => i.path[0] === "phone")?.message;
    expect(phoneError("0803 123")).toMatch(/phone number we can call/);
    expect(phoneError("0803 123 4567")).toBeUndefined();
  });

  it("keys a person's limits by the same number, however it is written (api/limits.ts)", () => {
    const keys = ["+2348031234567", "08031234567", "0803 123 4567", "234-803-123-4567"].map(personKey.phone);
    expect(new Set(keys)).toEqual(new Set(["+2348031234567"]));
  });
});

describe("what the staff search reads as a reference or a phone", () => {
  it("takes FLA-XXXXXXXX (any case, with or without the hyphen) as the start of an id", () => {
    expect(referenceIdPrefix("FLA-8A48A313")).toBe("8a48a313");
    expect(referenceIdPrefix(" fla8a48a313 ")).toBe("8a48a313");
    expect(referenceIdPrefix("FLA-8A48A31")).toBeUndefined();
    expect(referenceIdPrefix("Adaeze")).toBeUndefined();
  });

  it("takes a phone in any common form, and a year or a short number as words", () => {
    for (const typed of ["+2348031234567", "08031234567", "0803 123 4567"])
      expect(searchedPhone(typed)).toBe("+2348031234567");
    expect(searchedPhone("2024")).toBeUndefined();
    expect(searchedPhone("0803 123")).toBeUndefined();
    expect(searchedPhone("Ada 08031234567")).toBeUndefined();
  });

  it("answers a reference only on applicants, a phone on applicants and messages", () => {
    expect(personMatch("applicants", "FLA-8A48A313")).toBeDefined();
    expect(personMatch("contact_messages", "FLA-8A48A313")).toBeUndefined();
    expect(personMatch("contact_messages", "0803 123 4567")).toBeDefined();
    expect(personMatch("courses", "0803 123 4567")).toBeUndefined();
    expect(personMatch("applicants", "braiding")).toBeUndefined();
  });
});

describe("an applicant's file's download name", () => {
  const file = {
    applicantId: "8a48a313aaaaaaaaaaaaaaaa",
    firstname: "Adaeze",
    lastname: "Nwankwo",
    idCards: ["NIN"],
    group: "idCards",
    contentType: "image/jpeg",
    position: 1,
  };

  it("is <REFERENCE>-<First>-<Last>-<KIND>.<ext>", () => {
    expect(downloadName(file)).toBe("FLA-8A48A313-Adaeze-Nwankwo-NIN.jpg");
    expect(downloadName({ ...file, group: "certificate", contentType: "application/pdf", position: 2 })).toBe(
      "FLA-8A48A313-Adaeze-Nwankwo-Certificate-2.pdf",
    );
    expect(downloadName({ ...file, idCards: ["Driver's License"] })).toBe(
      "FLA-8A48A313-Adaeze-Nwankwo-Drivers-License.jpg",
    );
    expect(downloadName({ ...file, idCards: ["NIN", "Voter's Card"] })).toBe("FLA-8A48A313-Adaeze-Nwankwo-ID.jpg");
  });

  it("keeps only safe characters: accents dropped in the ASCII name, kept in filename*", () => {
    const named = { ...file, firstname: 'Zoë "x"/..\\', lastname: "Ọkafor-Èze" };
    expect(downloadName(named)).toBe("FLA-8A48A313-Zoe-x-Okafor-Eze-NIN.jpg");
    expect(downloadName(named, false)).toBe("FLA-8A48A313-Zoë-x-Ọkafor-Èze-NIN.jpg");
  });
});

describe("the browser's first look at a phone number (domain/phone-shape.ts)", () => {
  it.each(["08031234567", "0803 123 4567", "+2348031234567", "234 803 123 4567", "+44 20 7946 0958", "01 234 5678"])(
    "takes %s",
    (value) => expect(looksLikePhoneNumber(value)).toBe(true),
  );
  // The server judges by the plan: the browser must never stop a number the plan takes.
  it.each(READ_AS.map(([typed]) => typed))("takes %s, which the numbering plan takes", (value) =>
    expect(looksLikePhoneNumber(value)).toBe(true),
  );
  it.each(["0803 123", "call me", "+234 803", "12345", ""])("refuses %s", (value) =>
    expect(looksLikePhoneNumber(value)).toBe(false),
  );
});
