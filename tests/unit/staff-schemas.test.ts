import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { toCsv } from "@domain/csv";
import { loginPageSchema, passwordChecklist, passwordResetSchema, reloginSchema } from "~/features/auth/schema";
import { pickEditorValues } from "~/features/editor/editor-fields";
import { plainTextToHtml } from "~/features/editor/plain-text";
import { draftSchemas, editorSchema, publishSchemas } from "~/features/editor/schema";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
};
const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("login page", () => {
  it("asks for email and password with docs/product.md's words", () => {
    const submission = parseWithZod(form({ intent: "login" }), { schema: loginPageSchema });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toMatchObject({
      email: ["Kindly input your email"],
      password: ["Kindly input your password"],
    });
  });
  it("reads Keep me logged in as a boolean", () => {
    const submission = parseWithZod(form({ intent: "login", email: "A@B.ng", password: "x", keepMeLoggedIn: "on" }), {
      schema: loginPageSchema,
    });
    expect(submission.status === "success" && submission.value).toMatchObject({
      email: "A@B.ng",
      keepMeLoggedIn: true,
    });
  });
  it("the token request needs only a valid email", () => {
    expect(
      parseWithZod(form({ intent: "request-token", email: "staff@academy.ng" }), { schema: loginPageSchema }).status,
    ).toBe("success");
    const bad = parseWithZod(form({ intent: "request-token", email: "not-an-email" }), { schema: loginPageSchema });
    expect(bad.status === "error" && bad.error?.email).toEqual(["Kindly input a valid email"]);
  });
});

describe("password reset", () => {
  it("checks each of docs/product.md §5's rules and the confirmation", () => {
    const state = (pw: string, confirm = pw) =>
      Object.fromEntries(passwordChecklist(pw, confirm).map((r) => [r.id, r.ok]));
    expect(state("short")).toEqual({
      length: false,
      upper: false,
      lower: true,
      digit: false,
      special: false,
      match: true,
    });
    expect(state("Abcdefg1!")).toEqual({
      length: true,
      upper: true,
      lower: true,
      digit: true,
      special: true,
      match: true,
    });
    expect(state("Abcdefg1!", "Abcdefg1?").match).toBe(false);
    expect(state("Abcdefg1?").special).toBe(false); // ? is not one of ! @ # $ % ^ & *
    expect(state("").match).toBe(false);
  });
  it("names every failed rule for the server's answer", () => {
    const result = passwordResetSchema.safeParse({
      token: "t".repeat(20),
      password: "lowercase",
      confirmPassword: "other",
    });
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual([
      "One uppercase letter",
      "One digit",
      "One special character: ! @ # $ % ^ & *",
      "Both passwords match",
    ]);
  });
  it("accepts a strong, confirmed password with a token", () => {
    expect(
      passwordResetSchema.safeParse({
        token: "t".repeat(20),
        password: "Fresh#Start2026",
        confirmPassword: "Fresh#Start2026",
      }).success,
    ).toBe(true);
    expect(
      passwordResetSchema.safeParse({ token: "", password: "Fresh#Start2026", confirmPassword: "Fresh#Start2026" })
        .success,
    ).toBe(false);
  });
});

describe("the re-login modal", () => {
  it("needs both fields, with docs/product.md's messages", () => {
    expect(errorsOf(reloginSchema.safeParse({ reloginEmail: " ", reloginPassword: "" }))).toEqual({
      reloginEmail: "Kindly input your email",
      reloginPassword: "Kindly input your password",
    });
  });
});

describe("publishing", () => {
  it("a job needs title, type, location, company and deadline (docs/product.md §5)", () => {
    expect(
      errorsOf(publishSchemas.job.safeParse({ title: " ", jobType: "Weekend", jobLocation: "", companyName: "" })),
    ).toEqual({
      title: "Job Title Field is empty",
      jobType: "Please select a valid Job type",
      jobLocation: "Please select a valid Job Location",
      companyName: "Company Name Field is empty",
      applicationDeadline: "Kindly select the application deadline",
      howToApply: "Enter how to apply: an e-mail address or a web address",
    });
    const ok = publishSchemas.job.safeParse({
      title: "Stylist",
      jobType: "Full-time",
      jobLocation: "Onsite",
      companyName: "Glow",
      applicationDeadline: "2030-01-31",
      howToApply: "https://glow.ng/jobs",
    });
    expect(ok.success).toBe(true);
  });
  // A course also names the course types it offers (docs/decisions/038-course-types-per-course.md).
  it("an article needs a title; a course a title, tutors and a course type, the tag is optional", () => {
    expect(errorsOf(publishSchemas.article.safeParse({}))).toEqual({ title: "Title Field is empty" });
    expect(errorsOf(publishSchemas.course.safeParse({ title: "Braids" }))).toEqual({
      tutors: "Please fill the tutors field",
      courseTypes: "Choose at least one course type",
    });
    expect(errorsOf(publishSchemas.course.safeParse({ title: "Braids", tutors: "Ada", courseTypes: [] }))).toEqual({
      courseTypes: "Choose at least one course type",
    });
    expect(
      publishSchemas.course.safeParse({ title: "Braids", tutors: "Ada", courseTypes: ["Full Course"] }).success,
    ).toBe(true);
  });
  it("a draft takes whatever was typed so far", () => {
    for (const type of ["job", "article", "course"] as const)
      expect(draftSchemas[type].safeParse({}).success).toBe(true);
    expect(editorSchema("job", "save")).toBe(draftSchemas.job);
    expect(editorSchema("job", "publish")).toBe(publishSchemas.job);
  });
});

describe("editor values", () => {
  it("keeps only the type's fields, as strings, with the deadline as a date", () => {
    const values = pickEditorValues("job", {
      title: "T",
      applicationDeadline: "2030-01-31T00:00:00.000Z",
      featuredImg: "x",
      jobType: "Contract",
      extra: "no",
    });
    expect(values.applicationDeadline).toBe("2030-01-31");
    expect(values.jobType).toBe("Contract");
    expect(values).not.toHaveProperty("extra");
    expect(values).not.toHaveProperty("featuredImg"); // a job's picture is its company cover image
  });
});

describe("plain text from the no-JavaScript textarea", () => {
  it("becomes escaped paragraphs", () => {
    expect(plainTextToHtml("First line\nsecond line\n\nSecond para & more")).toBe(
      "<p>First line<br>second line</p><p>Second para &amp; more</p>",
    );
    expect(plainTextToHtml("  ")).toBe("");
  });
  it("keeps HTML as it is (the API sanitizes it)", () => {
    expect(plainTextToHtml("<p>Hello <strong>you</strong></p>")).toBe("<p>Hello <strong>you</strong></p>");
    expect(plainTextToHtml("2 < 3 and 5 > 4")).toBe("<p>2 &lt; 3 and 5 &gt; 4</p>");
  });
});

describe("CSV export", () => {
  it("quotes what needs quoting and defuses spreadsheet formulas", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x, y", 'say "hi"'],
          ["=SUM(A1)", ["NIN", "Passport"]],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n\'=SUM(A1),NIN; Passport\r\n');
  });
});
