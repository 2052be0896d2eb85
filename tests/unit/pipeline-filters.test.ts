import { describe, expect, it } from "vitest";

import { staffName } from "@domain/staff-names";
import { pipelineFilters, pipelineForm } from "~/features/applicants/pipeline-schema";

describe("the applicants list's filters from the address", () => {
  it("keeps a known status and a course title", () => {
    expect(pipelineFilters(new URL("http://x/admin/applicants?status=paid&course=Hair%20Styling"))).toEqual({
      status: "paid",
      course: "Hair Styling",
      proof: "",
    });
  });
  it("keeps the proof-waiting filter and drops any other proof value", () => {
    expect(pipelineFilters(new URL("http://x/admin/applicants?proof=waiting")).proof).toBe("waiting");
    expect(pipelineFilters(new URL("http://x/admin/applicants?proof=confirmed")).proof).toBe("");
  });
  it("drops an unknown status instead of failing the page, and bounds the course", () => {
    const filters = pipelineFilters(new URL(`http://x/admin/applicants?status=archived&course=${"c".repeat(300)}`));
    expect(filters.status).toBe("");
    expect(filters.course).toHaveLength(200);
  });
});

describe("the applicant page's forms", () => {
  it("accepts a status and a trimmed note, and refuses the rest", () => {
    expect(pipelineForm.safeParse({ intent: "status", status: "enrolled" }).success).toBe(true);
    expect(pipelineForm.safeParse({ intent: "status", status: "archived" }).success).toBe(false);
    expect(pipelineForm.parse({ intent: "note", body: "  Called  " })).toEqual({ intent: "note", body: "Called" });
    expect(pipelineForm.safeParse({ intent: "note", body: "   " }).success).toBe(false);
    expect(pipelineForm.safeParse({ intent: "note", body: "x".repeat(2001) }).success).toBe(false);
    expect(pipelineForm.safeParse({ intent: "delete" }).success).toBe(false);
  });
});

describe("how staff pages name a person", () => {
  it("shows name and e-mail, a removed account, or unknown", () => {
    expect(staffName({ id: "u1", name: "Bisi", email: "bisi@academy.test" })).toBe("Bisi (bisi@academy.test)");
    expect(staffName({ id: "u1", name: null, email: null })).toBe("a removed account");
    expect(staffName(null)).toBe("unknown");
  });
});
