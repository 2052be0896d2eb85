import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import * as z from "zod/mini";

import { messages } from "~/content/registration-messages";
import { encodeKeptFile, registrationSchema } from "~/features/registration/schema";
import { coerceFormValue, validateForm } from "~/utils/validate-form";

import { validApplicant } from "../fixtures/registration";

// The browser's validator (app/utils/validate-form.ts) stands in for conform's parseWithZod,
// which the server keeps: the same form must get the same verdict, value and messages.

const noFile = () => new File([], "", { type: "application/octet-stream" });
const png = (name = "id.png", size = 100) => new File([new Uint8Array(size)], name, { type: "image/png" });

function formData(entries: [string, string | File][]) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

describe("form values are coerced as conform's zod adapter does", () => {
  const schema = z.object({
    name: z.string({ error: "name?" }),
    nickname: z.optional(z.string()),
    age: z.number({ error: "age?" }),
    year: z.optional(z.number({ error: "year?" })),
    agree: z.boolean({ error: "agree?" }),
    colour: z.optional(z.enum(["red", "blue"])),
    tags: z.array(z.string()),
    photo: z.optional(z.file()),
    address: z.object({ city: z.string({ error: "city?" }), lines: z.array(z.string({ error: "line?" })) }),
  });

  test("text to numbers and booleans, a single value to a list, nested names to objects", () => {
    const s = validateForm(
      formData([
        ["name", "Ada"],
        ["age", "21"],
        ["agree", "on"],
        ["colour", "red"],
        ["tags", "one"],
        ["address.city", "Lagos"],
        ["address.lines[0]", "12 Adeola Odeku Street"],
      ]),
      schema,
    );
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value).toEqual({
      name: "Ada",
      age: 21,
      agree: true,
      colour: "red",
      tags: ["one"],
      address: { city: "Lagos", lines: ["12 Adeola Odeku Street"] },
    });
  });

  test('"" and the empty file input are no value; a missing list is an empty one', () => {
    const s = validateForm(
      formData([
        ["name", "Ada"],
        ["nickname", ""],
        ["age", "21"],
        ["year", ""],
        ["agree", "on"],
        ["colour", ""],
        ["photo", noFile()],
        ["address.city", "Lagos"],
      ]),
      schema,
    );
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toEqual({ name: "Ada", age: 21, agree: true, tags: [], address: { city: "Lagos", lines: [] } });
    expect(s.value.nickname).toBeUndefined();
    expect(s.value.year).toBeUndefined();
    expect(s.value.photo).toBeUndefined();
  });

  test("a picked file is kept; several values stay a list", () => {
    const photo = png();
    const s = validateForm(
      formData([
        ["name", "Ada"],
        ["age", "21"],
        ["agree", "on"],
        ["tags", "one"],
        ["tags", "two"],
        ["photo", photo],
        ["address.city", "Lagos"],
      ]),
      schema,
    );
    expect(s.status === "success" && s.value.tags).toEqual(["one", "two"]);
    expect(s.status === "success" && s.value.photo).toBe(photo);
  });

  test("errors are keyed by the field's name, each a list of messages", () => {
    const s = validateForm(
      formData([
        ["name", ""],
        ["age", "twenty"],
        ["agree", "yes"],
        ["address.lines[1]", ""],
      ]),
      schema,
    );
    expect(s.status).toBe("error");
    expect(s.status === "error" && s.error).toEqual({
      name: ["name?"],
      age: ["age?"],
      agree: ["agree?"],
      "address.city": ["city?"],
      "address.lines[0]": ["line?"],
      "address.lines[1]": ["line?"],
    });
  });

  test("the coercion alone, value by value", () => {
    expect(coerceFormValue(z.number(), "  ")).toBeNaN();
    expect(coerceFormValue(z.number(), "")).toBeUndefined();
    expect(coerceFormValue(z.number(), "1940")).toBe(1940);
    expect(coerceFormValue(z.boolean(), "on")).toBe(true);
    expect(coerceFormValue(z.boolean(), "true")).toBe("true");
    expect(coerceFormValue(z.array(z.number()), "3")).toEqual([3]);
    expect(coerceFormValue(z.array(z.string()), "")).toEqual([]);
    expect(coerceFormValue(z.array(z.file()), noFile())).toEqual([]);
    expect(coerceFormValue(z.optional(z.string()), "")).toBeUndefined();
    expect(coerceFormValue(z.string(), "  ")).toBe("  ");
  });
});

describe("the registration form gets the browser's verdict the server gives", () => {
  const valid = Object.entries({ ...validApplicant, courseId: "0123456789abcdef01234567" });
  const kept = encodeKeptFile({
    public_id: "applicants/0123456789abcdef01234567",
    name: "nin.png",
    size: 12,
    group: "idCards",
  });
  const cases: [string, Record<string, string | null>, [string, string | File][]][] = [
    ["a complete form", {}, [["idCardFiles", png()]]],
    ["an empty form", Object.fromEntries(valid.map(([k]) => [k, ""])), [["idCardFiles", noFile()]]],
    ["nothing at all", Object.fromEntries(valid.map(([k]) => [k, null])), []],
    [
      "no ID file, one kept",
      {},
      [
        ["idCardFiles", noFile()],
        ["keptFiles", kept],
      ],
    ],
    [
      "too many files",
      {},
      [
        ["idCardFiles", png("1.png")],
        ["idCardFiles", png("2.png")],
        ["idCardFiles", png("3.png")],
        ["idCardFiles", png("4.gif")],
      ],
    ],
    ["an oversize file", {}, [["idCardFiles", png("big.png", 3_145_729)]]],
    ["blank text and a bad year", { firstname: "   ", graduationYear: "20.5", email: " " }, [["idCardFiles", png()]]],
    ["a year that is not a number", { graduationYear: "abc" }, [["idCardFiles", png()]]],
    ["checkboxes not ticked", { regTerms: null, regPrivacy: "" }, [["idCardFiles", png()]]],
    ["no school", { highestEducation: "none", schoolName: "", graduationYear: "" }, [["idCardFiles", png()]]],
    ["a school left out", { highestEducation: "postgraduate", schoolName: null }, [["idCardFiles", png()]]],
    ["no postal code", { postalCode: null }, [["idCardFiles", png()]]],
  ];
  test.each(cases)("%s", (_, overrides, files) => {
    const entries: [string, string | File][] = [];
    for (const [k, v] of valid) {
      const value = k in overrides ? overrides[k] : v;
      if (value !== null) entries.push([k, value]);
    }
    const fd = formData([...entries, ...files]);
    const browser = validateForm(fd, registrationSchema);
    const server = parseWithZod(fd, { schema: registrationSchema });
    expect(browser.status).toBe(server.status);
    if (browser.status === "success" && server.status === "success") expect(browser.value).toEqual(server.value);
    else expect(browser.status !== "success" && browser.error).toEqual(server.status !== "success" && server.error);
    expect(browser.reply()).toEqual(server.reply());
  });

  test("the empty form's messages are the form's own", () => {
    const s = validateForm(formData(valid.map(([k]) => [k, ""])), registrationSchema);
    expect(s.status === "error" && s.error).toMatchObject({
      firstname: [messages.firstname],
      email: [messages.email],
      graduationYear: [messages.graduationYear],
      idCards: [messages.idCards],
      idCardFiles: [messages.idCardFiles],
      regTerms: [messages.regTerms],
    });
  });
});
