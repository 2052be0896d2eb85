import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test, vi } from "vitest";

import { messages as shared } from "~/content/messages";
import { messages } from "~/content/registration-messages";
import {
  decodeKeptFile,
  encodeKeptFile,
  type KeptFile,
  registrationSchema,
  toApplicantFields,
} from "~/features/registration/schema";

import { applicantInput } from "../../api/validation";
import { validApplicant } from "../fixtures/registration";

const valid: Record<string, string> = { ...validApplicant, courseId: "0123456789abcdef01234567" };

const png = (name = "id.png", size = 100) => new File([new Uint8Array(size)], name, { type: "image/png" });
const noFile = () => new File([], "", { type: "application/octet-stream" });
const kept = (group: KeptFile["group"], n = 1): string[] =>
  Array.from({ length: n }, (_, i) =>
    encodeKeptFile({ public_id: `applicants/${String(i).padStart(24, "a")}`, name: `kept-${i}.pdf`, size: 10, group }),
  );

function form(
  overrides: Record<string, string | null> = {},
  files: { id?: File[]; cert?: File[]; kept?: string[] } = {},
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ ...valid, ...overrides })) if (v !== null) fd.append(k, v);
  for (const f of files.id ?? [png()]) fd.append("idCardFiles", f);
  for (const f of files.cert ?? [noFile()]) fd.append("certificateFiles", f);
  for (const k of files.kept ?? []) fd.append("keptFiles", k);
  return fd;
}

const parse = (fd: FormData) => parseWithZod(fd, { schema: registrationSchema });
const errorsOf = (fd: FormData) => {
  const s = parse(fd);
  return s.status === "success" ? {} : (s.error ?? {});
};

describe("registration schema", () => {
  test("a complete registration parses, and its fields are what the API accepts", () => {
    const s = parse(form());
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.idCards).toEqual(["NIN"]);
    expect(s.value.graduationYear).toBe(2019);
    expect(s.value.regTerms).toBe(true);
    const fields = toApplicantFields(s.value, ["applicants/0123456789abcdef01234567"]);
    const api = applicantInput.safeParse(fields);
    expect(api.success, JSON.stringify(api.error?.issues)).toBe(true);
  });

  const required: [string, string][] = [
    ["firstname", messages.firstname],
    ["lastname", messages.lastname],
    ["gender", messages.gender],
    ["dob", messages.dob],
    ["email", messages.email],
    ["phone", messages.phone],
    ["street", messages.street],
    ["city", messages.city],
    ["state", messages.state],
    ["courseId", messages.courseTitle],
    ["courseType", messages.courseType],
    ["idCards", messages.idCards],
    ["parentConsent", messages.parentConsent],
    ["schoolName", messages.schoolName],
    ["graduationYear", messages.graduationYear],
    ["highestEducation", messages.highestEducation],
    ["emergencyFullname", messages.emergencyFullname],
    ["emergencyRelationship", messages.emergencyRelationship],
    ["emergencyPhone", messages.emergencyPhone],
    ["regTerms", messages.regTerms],
    ["regPrivacy", messages.regPrivacy],
  ];
  test.each(required)("%s missing is refused with its own message, and nothing else", (name, message) => {
    expect(errorsOf(form({ [name]: null }))).toEqual({ [name]: [message] });
    expect(errorsOf(form({ [name]: "" }))).toEqual({ [name]: [message] });
  });

  test.each([
    ["email", "adaeze@", messages.emailInvalid],
    ["phone", "12345", messages.phoneInvalid],
    ["phone", "call me", messages.phoneInvalid],
    ["emergencyPhone", "+234 80-3", messages.phoneInvalid],
    ["dob", "2999-01-01", messages.dobPast],
    ["dob", "31/02/2001", messages.dob],
    ["dob", "2001/04/17", messages.dob],
    ["graduationYear", "1900", messages.graduationYearInvalid],
    ["graduationYear", String(new Date().getFullYear() + 7), messages.graduationYearInvalid],
    ["graduationYear", "20.5", messages.graduationYearInvalid],
    ["postalCode", "1", messages.postalCodeInvalid],
    ["state", "Lagos State", messages.state],
    ["gender", "Other", messages.gender],
    ["courseType", "Weekend Course", messages.courseType],
    ["idCards", "BVN", messages.idCards],
    ["highestEducation", "PhD", messages.highestEducation],
    ["emergencyRelationship", "Friend", messages.emergencyRelationship],
  ])("%s = %j is refused", (name, value, message) => {
    expect(errorsOf(form({ [name]: value }))[name]).toEqual([message]);
  });

  test.each([
    ["firstname", "Ada\n[instance] SIGTERM"],
    ["lastname", "Obi\rEze"],
    ["city", "Lekki\u2028Ajah"],
    ["emergencyFullname", "Chika\u0085Eze"],
    ["schoolName", "Queen's\tCollege"],
  ])("%s = %j is refused: one line, no control characters (as the API)", (name, value) => {
    expect(errorsOf(form({ [name]: value }))[name]).toEqual([shared.notOneLine]);
  });

  test("phone numbers with a country code, spaces or dashes are accepted", () => {
    for (const phone of ["+2348031234567", "08031234567", "+1 415-555-0100"])
      expect(parse(form({ phone })).status).toBe("success");
  });

  test("an e-mail with surrounding spaces is accepted, trimmed, by the form and by the API", () => {
    const s = parse(form({ email: "  adaeze@example.com " }));
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.email).toBe("adaeze@example.com");
    expect(applicantInput.parse(toApplicantFields(s.value, ["applicants/0123456789abcdef01234567"])).email).toBe(
      "adaeze@example.com",
    );
  });

  test("the latest graduation year is read at each check, so a server running over New Year takes the new limit", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const year = new Date().getFullYear() + 5;
      vi.setSystemTime(new Date(year, 0, 1, 12));
      const s = parse(form({ graduationYear: String(year + 6) }));
      expect(s.status).toBe("success");
      if (s.status !== "success") return;
      expect(
        applicantInput.safeParse(toApplicantFields(s.value, ["applicants/0123456789abcdef01234567"])).success,
      ).toBe(true);
      expect(errorsOf(form({ graduationYear: String(year + 7) })).graduationYear).toEqual([
        messages.graduationYearInvalid,
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  test("several ID types may be ticked", () => {
    const fd = form();
    fd.append("idCards", "International Passport");
    const s = parse(fd);
    expect(s.status === "success" && s.value.idCards).toEqual(["NIN", "International Passport"]);
  });
});

describe("registration files", () => {
  test("at least one ID file: a picked one or one already stored", () => {
    expect(errorsOf(form({}, { id: [noFile()] }))).toEqual({ idCardFiles: [messages.idCardFiles] });
    expect(parse(form({}, { id: [noFile()], kept: kept("idCards") })).status).toBe("success");
    // A stored certificate does not count as an ID.
    expect(errorsOf(form({}, { id: [noFile()], kept: kept("certificate") }))).toEqual({
      idCardFiles: [messages.idCardFiles],
    });
  });

  test("the certificate is not enforced", () => {
    expect(parse(form({}, { cert: [noFile()] })).status).toBe("success");
  });

  test("at most 3 files per group, counting those already stored", () => {
    expect(parse(form({}, { id: [png("1.png"), png("2.png"), png("3.png")] })).status).toBe("success");
    expect(errorsOf(form({}, { id: [png("1.png"), png("2.png"), png("3.png"), png("4.png")] }))).toEqual({
      idCardFiles: [messages.fileCount],
    });
    expect(errorsOf(form({}, { id: [png("1.png"), png("2.png")], kept: kept("idCards", 2) }))).toEqual({
      idCardFiles: [messages.fileCount],
    });
    expect(errorsOf(form({}, { cert: [png("1.png"), png("2.png"), png("3.png"), png("4.png")] }))).toEqual({
      certificateFiles: [messages.fileCount],
    });
  });

  test("each file at most 3,145,728 bytes", () => {
    expect(parse(form({}, { id: [png("exact.png", 3_145_728)] })).status).toBe("success");
    expect(errorsOf(form({}, { id: [png("over.png", 3_145_729)] }))).toEqual({ idCardFiles: [messages.fileSize] });
    expect(errorsOf(form({}, { cert: [png("over.png", 3_145_729)] }))).toEqual({
      certificateFiles: [messages.fileSize],
    });
  });

  test("only .pdf, .png, .jpg/.jpeg and .webp names (the API then checks the content)", () => {
    expect(parse(form({}, { id: [png("scan.PDF"), png("scan.png")] })).status).toBe("success");
    expect(parse(form({}, { id: [png("nin.jpg"), png("nin.JPEG"), png("nin.webp")] })).status).toBe("success");
    expect(errorsOf(form({}, { id: [png("scan.gif")] }))).toEqual({ idCardFiles: [messages.fileType] });
    expect(errorsOf(form({}, { id: [png("photo.heic")] }))).toEqual({ idCardFiles: [messages.fileType] });
    expect(errorsOf(form({}, { id: [png("notes.txt")] }))).toEqual({ idCardFiles: [messages.fileType] });
  });

  test("a kept file is read back only when it is well formed", () => {
    const good = {
      public_id: "applicants/0123456789abcdef01234567",
      name: "nin.png",
      size: 12,
      group: "idCards" as const,
    };
    expect(decodeKeptFile(encodeKeptFile(good))).toEqual(good);
    expect(decodeKeptFile("not json")).toBeNull();
    expect(decodeKeptFile(JSON.stringify({ ...good, public_id: "../../etc/passwd" }))).toBeNull();
    expect(decodeKeptFile(JSON.stringify({ ...good, group: "photos" }))).toBeNull();
    expect(decodeKeptFile(undefined)).toBeNull();
  });
});

describe("fields that fit the people (decision 018)", () => {
  test("the postal code is optional, and checked when given", () => {
    const s = parse(form({ postalCode: null }));
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(toApplicantFields(s.value, []).postalCode).toBe("");
    expect(
      applicantInput.safeParse({ ...toApplicantFields(s.value, ["applicants/0123456789abcdef01234567"]) }).success,
    ).toBe(true);
    expect(errorsOf(form({ postalCode: "1" }))).toEqual({ postalCode: [messages.postalCodeInvalid] });
  });

  test("with highest education 'none', school name and graduation year are not asked, and not sent", () => {
    const s = parse(form({ highestEducation: "none", schoolName: null, graduationYear: null }));
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    const fields = toApplicantFields(s.value, ["applicants/0123456789abcdef01234567"]);
    expect(fields).toMatchObject({ schoolName: "", graduationYear: "" });
    const api = applicantInput.safeParse(fields);
    expect(api.success, JSON.stringify(api.error?.issues)).toBe(true);
    expect(api.data).toMatchObject({ schoolName: "", graduationYear: undefined });
    // Typed before "none" was chosen: dropped, not stored.
    const typed = parse(form({ highestEducation: "none" }));
    expect(typed.status === "success" && toApplicantFields(typed.value, []).schoolName).toBe("");
  });

  test.each(["primary school", "secondary school certificate", "postgraduate"])(
    "with %s, both are required (browser and API alike)",
    (level) => {
      expect(errorsOf(form({ highestEducation: level, schoolName: null, graduationYear: null }))).toEqual({
        schoolName: [messages.schoolName],
        graduationYear: [messages.graduationYear],
      });
      const api = applicantInput.safeParse({
        ...valid,
        highestEducation: level,
        schoolName: "",
        graduationYear: "",
        regTerms: "true",
        regPrivacy: "true",
      });
      expect(api.success).toBe(false);
      expect(api.error?.issues.map((i) => i.path.join("."))).toEqual(["schoolName", "graduationYear"]);
    },
  );

  test("no education chosen yet: the school is still asked for (the * shows until 'none' is picked)", () => {
    expect(errorsOf(form({ highestEducation: null, schoolName: null }))).toEqual({
      highestEducation: [messages.highestEducation],
      schoolName: [messages.schoolName],
    });
  });

  test("Husband and Guardian are relationships, beside the spec's values", () => {
    for (const r of ["Husband", "Guardian", "Wife", "others"])
      expect(parse(form({ emergencyRelationship: r })).status).toBe("success");
  });
});
