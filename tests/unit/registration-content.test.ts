import { describe, expect, test } from "vitest";
import * as domain from "../../api/domain";
import * as content from "~/content/registration";

// The form offers exactly the values the API accepts, so no choice can be refused upstream.
describe("registration choices", () => {
  test("the 36 states and the FCT, each valued by the slug of its own name", () => {
    expect(content.STATES).toHaveLength(37);
    expect([...content.STATE_SLUGS]).toEqual([...domain.STATE_SLUGS]);
    for (const { value, label } of content.STATES) {
      const slug = value === "fct" ? "fct" : label.toLowerCase().replace(/\s+/g, "-");
      expect(value).toBe(slug);
    }
    expect(content.STATES.find((s) => s.value === "bauchi")?.label).toBe("Bauchi");
    expect(content.STATES.find((s) => s.value === "oyo")?.label).toBe("Oyo");
  });

  test("every other list matches the API's", () => {
    expect([...content.GENDERS]).toEqual([...domain.GENDERS]);
    expect([...content.COURSE_TYPES]).toEqual([...domain.COURSE_TYPES]);
    expect([...content.ID_TYPES]).toEqual([...domain.ID_TYPES]);
    expect([...content.PARENT_CONSENT]).toEqual([...domain.PARENT_CONSENT]);
    expect([...content.EDUCATION_LEVELS]).toEqual([...domain.EDUCATION_LEVELS]);
    expect([...content.EMERGENCY_RELATIONSHIPS]).toEqual([...domain.EMERGENCY_RELATIONSHIPS]);
    expect(content.UPLOAD_LIMITS.filesPerGroup).toBe(domain.UPLOAD_LIMITS.filesPerGroup);
    expect(content.UPLOAD_LIMITS.maxFileBytes).toBe(domain.UPLOAD_LIMITS.maxFileBytes);
  });

  test("the SPEC's words for the fee and the file rules", () => {
    expect(content.payment.fee).toBe("₦20,000");
    expect(content.messages.fileCount).toBe("Maximum number of file upload is 3");
    expect(content.messages.fileSize).toBe("Maximum file size of 3MB per file");
    expect(content.messages.uploadFailed).toBe("An error occured while trying to upload your form file attachments");
    expect(Object.values(content.sectionTitles)).toEqual([
      "Personal Details", "Contact Information", "Address", "Course Selection", "Identification", "Parental Consent",
      "Educational Background", "Emergency Contact", "Acknowledgement", "Payment", "Declaration", "Submit",
    ]);
  });
});
