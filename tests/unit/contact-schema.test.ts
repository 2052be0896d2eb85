import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { contactSchema } from "~/features/contact/schema";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

const valid = { fullname: "Ada Obi", email: "ada@example.com", phone: "+2348012345678", issue: "2", message: "Hello" };

describe("contact form schema (docs/product.md §5)", () => {
  it("gives docs/product.md's five messages when every field is empty", () => {
    const submission = parseWithZod(form({ fullname: "", email: "", phone: "", issue: "", message: "" }), {
      schema: contactSchema,
    });
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors.fullname).toEqual(["Kindly input your fullname"]);
    expect(errors.email).toEqual(["Kindly input your email"]);
    expect(errors.phone).toEqual(["Kindly input your phone number"]);
    expect(errors.issue).toEqual(["Help us understand the matter of your mail"]);
    expect(errors.message).toEqual(["Kindly input your message"]);
  });
  it("refuses a line break in the name or phone, as the API does, and keeps them in the message", () => {
    const refused = parseWithZod(form({ ...valid, fullname: "Ada\n[instance] SIGTERM", phone: "+234801\r2345678" }), {
      schema: contactSchema,
    });
    const errors = refused.reply().error ?? {};
    expect(errors.fullname).toEqual(["Kindly keep this on one line, without line breaks or special characters"]);
    expect(errors.phone).toEqual(["Kindly keep this on one line, without line breaks or special characters"]);
    expect(parseWithZod(form({ ...valid, message: "Hello\nthere" }), { schema: contactSchema }).status).toBe("success");
  });
  it("accepts a complete message and keeps issue as 1, 2 or 3", () => {
    const submission = parseWithZod(form(valid), { schema: contactSchema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual(valid);
  });
  it("accepts an e-mail with surrounding spaces, trimmed, as the API does", () => {
    const submission = parseWithZod(form({ ...valid, email: "  ada@example.com \t" }), { schema: contactSchema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.email).toBe("ada@example.com");
  });
  it("refuses an issue outside 1, 2 and 3, a bad email and blank text", () => {
    const submission = parseWithZod(form({ ...valid, issue: "4", email: "not-an-email", message: "   " }), {
      schema: contactSchema,
    });
    const errors = submission.reply().error ?? {};
    expect(errors.issue).toEqual(["Help us understand the matter of your mail"]);
    // A malformed address gets its own words; SPEC's "Kindly input your email" is for the empty field.
    expect(errors.email).toEqual(["This email address is not complete: it should look like name@example.com"]);
    expect(errors.message).toEqual(["Kindly input your message"]);
  });
  it("keeps SPEC's words for an e-mail field holding only spaces", () => {
    const errors = parseWithZod(form({ ...valid, email: "   " }), { schema: contactSchema }).reply().error ?? {};
    expect(errors.email).toEqual(["Kindly input your email"]);
  });
});
