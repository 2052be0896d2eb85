import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";

import { loginText, passwordRules } from "~/content/auth";
import { editorText } from "~/content/editor";
import { loginConstraint } from "~/features/auth/auth.server";
import { loginSchema, newPasswordSchema, tokenRequestSchema } from "~/features/auth/schema";
import { contactConstraint } from "~/features/contact/contact.server";
import { contactSchema } from "~/features/contact/schema";
import { draftSchemas, editorSchema, publishSchemas } from "~/features/editor/schema";
import { validateForm } from "~/utils/validate-form";

// The contact, sign-in, password-reset and editor forms are checked in the browser by
// validateForm (app/utils/validate-form.ts) and on the server by conform's parseWithZod, with the
// same zod/mini schemas (decision 023): the same form must get the same verdict, value and
// messages, as the registration form does (validate-form.test.ts).

type Schema = Parameters<typeof validateForm>[1];

function formData(entries: [string, string][]) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

/** The valid form with some fields changed (null: left out). */
function variant(valid: Record<string, string>, overrides: Record<string, string | null>) {
  const entries: [string, string][] = [];
  for (const [k, v] of Object.entries({ ...valid, ...overrides })) if (v !== null) entries.push([k, v]);
  return formData(entries);
}

function expectSameVerdict<S extends Schema>(fd: FormData, schema: S) {
  const browser = validateForm(fd, schema);
  const server = parseWithZod(fd, { schema });
  expect(browser.status).toBe(server.status);
  if (browser.status === "success" && server.status === "success") expect(browser.value).toEqual(server.value);
  else expect(browser.status !== "success" && browser.error).toEqual(server.status !== "success" && server.error);
  expect(browser.reply()).toEqual(server.reply());
  return browser;
}

const blank = (valid: Record<string, string>) => Object.fromEntries(Object.keys(valid).map((k) => [k, ""]));
const missing = (valid: Record<string, string>) => Object.fromEntries(Object.keys(valid).map((k) => [k, null]));

describe("the contact form gets the browser's verdict the server gives", () => {
  const valid = {
    fullname: "Ada Obi",
    email: "ada@example.com",
    phone: "+2348012345678",
    issue: "2",
    message: "Hello",
  };
  const cases: [string, Record<string, string | null>][] = [
    ["a complete message", {}],
    ["an empty form", blank(valid)],
    ["nothing at all", missing(valid)],
    ["blank text", { fullname: "   ", message: " \n " }],
    ["an email with spaces around it", { email: "  ada@example.com  " }],
    ["a bad email", { email: "ada@" }],
    ["an unknown issue", { issue: "4" }],
    ["too long", { fullname: "x".repeat(121), phone: "1".repeat(31), message: "x".repeat(5001) }],
  ];
  test.each(cases)("%s", (_, overrides) => {
    expectSameVerdict(variant(valid, overrides), contactSchema);
  });

  test("a complete message is trimmed the same way", () => {
    const s = expectSameVerdict(variant(valid, { email: " ada@example.com ", fullname: " Ada Obi " }), contactSchema);
    expect(s.status === "success" && s.value).toEqual(valid);
  });

  test("the constraints sent with /contact are the schema's", () => {
    // Computed on the server, as they were in the browser from the classic schema.
    expect(contactConstraint).toEqual({
      fullname: { required: true },
      email: { required: true },
      phone: { required: true },
      issue: { required: true, pattern: "1|2|3" },
      message: { required: true },
    });
  });
});

describe("the staff sign-in forms get the browser's verdict the server gives", () => {
  const login = { intent: "login", email: "staff@example.com", password: "secret", keepMeLoggedIn: "on" };
  const cases: [string, Record<string, string | null>][] = [
    ["a complete sign-in", {}],
    ["not kept signed in", { keepMeLoggedIn: null }],
    ["an empty form", { email: "", password: "", keepMeLoggedIn: null }],
    ["nothing at all", missing(login)],
    ["a bad email", { email: "staff@" }],
    ["a blank email", { email: "   " }],
    ["a long redirect", { redirectTo: "/" + "x".repeat(2000) }],
  ];
  test.each(cases)("sign-in: %s", (_, overrides) => {
    expectSameVerdict(variant(login, overrides), loginSchema);
  });

  test("sign-in messages", () => {
    const s = expectSameVerdict(variant(login, { email: "", password: "" }), loginSchema);
    expect(s.status === "error" && s.error).toEqual({
      email: [loginText.emailRequired],
      password: [loginText.passwordRequired],
    });
    const ok = expectSameVerdict(variant(login, { keepMeLoggedIn: null }), loginSchema);
    expect(ok.status === "success" && ok.value.keepMeLoggedIn).toBe(false);
  });

  test.each([
    ["a token request", {}],
    ["no email", { email: "" }],
    ["a bad email", { email: "nope" }],
  ] as [string, Record<string, string>][])("token request: %s", (_, overrides) => {
    expectSameVerdict(variant({ intent: "request-token", email: "staff@example.com" }, overrides), tokenRequestSchema);
  });

  test("the constraints sent with the sign-in page are the schemas'", () => {
    expect(loginConstraint.login).toMatchObject({
      email: { required: true },
      password: { required: true },
      keepMeLoggedIn: { required: false },
      redirectTo: { required: false },
    });
    expect(loginConstraint.requestToken).toMatchObject({ email: { required: true } });
  });
});

describe("the password reset form gets the browser's verdict the server gives", () => {
  const valid = { password: "Abcdef1!", confirmPassword: "Abcdef1!" };
  test.each([
    ["a good password", {}],
    ["an empty form", blank(valid)],
    ["nothing at all", missing(valid)],
    ["no confirmation", { confirmPassword: null }],
    ["passwords that differ", { confirmPassword: "Abcdef1?" }],
    ["a weak password", { password: "abc", confirmPassword: "abc" }],
  ] as [string, Record<string, string | null>][])("%s", (_, overrides) => {
    expectSameVerdict(variant(valid, overrides), newPasswordSchema);
  });

  test("a weak password is told every rule it fails", () => {
    const s = expectSameVerdict(variant(valid, { password: "abc", confirmPassword: "abc" }), newPasswordSchema);
    expect(s.status === "error" && s.error?.password).toEqual(
      passwordRules.filter((rule) => !rule.test("abc")).map((rule) => rule.label),
    );
  });
});

describe("the editors get the browser's verdict the server gives", () => {
  const common = { id: "", assetFolder: "job/abc123", content: "<p>Hello</p>", publishAt: "" };
  const valid = {
    job: {
      ...common,
      title: "Makeup Artist",
      jobType: "Full-time",
      jobLocation: "Onsite",
      companyName: "Glow Studio",
      applicationDeadline: "2030-01-31",
      companyCoverImg: "",
      companyLogo: "",
      logoAccent: "#a1b2c3",
      howToApply: "jobs@example.com",
      salaryMin: "100,000",
      salaryMax: "150000",
      jobAddress: "12 Adeola Odeku Street",
    },
    article: { ...common, title: "Skin care in harmattan", featuredImg: "" },
    course: {
      ...common,
      title: "Bridal Makeup",
      tutors: "Ada Obi",
      tag: "New",
      tipColor: "",
      featuredImg: "",
      category: "skincare-cosmetics",
      fee: "50000",
      duration: "2 months",
      level: "NVQ Level 1",
      nextStart: "2030-02-01",
      // One checkbox ticked (docs/decisions/038-course-types-per-course.md): the form sends one value.
      courseTypes: "Crash Course",
    },
  };
  const cases: [string, Record<string, string | null>][] = [
    ["a complete form", {}],
    ["an empty form", {}],
    ["nothing at all", {}],
    ["bad values", { logoAccent: "#zzz", tipColor: "red", nextStart: "soon", publishAt: "someday", fee: "abc" }],
    ["salaries out of order", { salaryMin: "200000", salaryMax: "100000" }],
    ["a bad application link", { howToApply: "ask around", jobType: "Forever", category: "cooking", level: "NVQ 9" }],
    [
      "too long",
      { title: "x".repeat(201), tag: "x".repeat(61), jobAddress: "x".repeat(500), content: "x".repeat(500_001) },
    ],
  ];
  for (const type of ["job", "article", "course"] as const) {
    test.each(cases)(`${type}: %s`, (name, overrides) => {
      const base = valid[type];
      const form =
        name === "an empty form"
          ? variant(base, blank(base))
          : name === "nothing at all"
            ? formData([])
            : variant(
                base,
                Object.fromEntries(Object.entries(overrides).filter(([k]) => k in base || k === "content")),
              );
      const published = expectSameVerdict(form, editorSchema(type, "publish"));
      expectSameVerdict(form, editorSchema(type, "save"));
      if (name === "a complete form") expect(published.status).toBe("success");
    });
  }

  test("the publish rules' messages", () => {
    const untitled = expectSameVerdict(variant(valid.job, { title: "" }), publishSchemas.job);
    expect(untitled.status === "error" && untitled.error).toEqual({ title: [editorText.jobTitleEmpty] });
    // The salaries are compared once every field is valid.
    const salaries = expectSameVerdict(
      variant(valid.job, { salaryMin: "200000", salaryMax: "100000" }),
      publishSchemas.job,
    );
    expect(salaries.status === "error" && salaries.error).toEqual({ salaryMax: [editorText.salaryOrder] });
    // A draft takes whatever was typed so far.
    expect(expectSameVerdict(variant(valid.job, blank(valid.job)), draftSchemas.job).status).toBe("success");
  });

  test("the re-login modal's fields", () => {
    const forms: Record<string, string>[] = [
      { reloginEmail: "staff@example.com", reloginPassword: "secret", title: "kept" },
      { reloginEmail: " ", reloginPassword: "" },
    ];
    for (const entries of forms) expectSameVerdict(variant(entries, {}), editorSchema("course", "relogin"));
  });
});
