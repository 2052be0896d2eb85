import { beforeEach, describe, expect, test, vi } from "vitest";

// The course list is the one thing the form cannot do without: when it fails the visitor is
// sent back where they came from with an error notice (docs/product.md §8).
const options = vi.fn();
vi.mock("~/upstream/index.server", () => {
  class UpstreamError extends Error {
    constructor(
      public status: number,
      message: string,
    ) {
      super(message);
    }
  }
  // The form's upload token comes with the course list (api/upload-token.ts).
  const uploadToken = async () => ({ token: "u1.token", expiresAt: "2030-01-01T00:00:00.000Z" });
  return {
    UpstreamError,
    upstream: () => ({
      headers: new Headers(),
      courses: { options },
      applicants: { uploadToken },
      // The intakes taking registrations (docs/decisions/068-intakes-and-seats.md).
      intakes: { open: async () => openIntakes },
    }),
  };
});

const { courseListFailurePath, loadCourseChoices } = await import("~/features/registration/registration.server");
const { UpstreamError } = await import("~/upstream/index.server");

const openIntakes = [
  {
    _id: "i1",
    courseId: "c2",
    startDate: "2027-01-11",
    endDate: null,
    duration: "3 months",
    scheduleKind: "weekend",
    schedule: "Saturdays 9am–3pm",
    campus: "Ikeja",
    opensOn: "2026-01-01",
    closesOn: "2027-01-01",
    courseTypes: ["Crash Course"],
    fee: 650000,
    status: "open",
    seatsLeft: "full",
    registrationOpen: true,
  },
];
const courses = [
  { _id: "c1", title: "Bridal Makeup", slug: "bridal-makeup" },
  { _id: "c2", title: "Event Photography", slug: "event-photography" },
];

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Response;
  }
  throw new Error("expected a redirect");
}

describe("the registration form's course list", () => {
  beforeEach(() => {
    options.mockReset();
  });

  test("courseid preselects its course; an unknown id preselects nothing", async () => {
    options.mockResolvedValue(courses);
    const chosen = await loadCourseChoices(
      new Request("http://x/registration-form?courseid=c2&courseslug=event-photography"),
    );
    // Valued by id: the API takes the course by id and keeps its own title (docs/product.md §7).
    expect(chosen.courses).toEqual([
      { value: "c1", label: "Bridal Makeup", intakes: [] },
      {
        value: "c2",
        label: "Event Photography",
        intakes: [{ value: "i1", label: "Starts 11 Jan 2027 · Weekends · Ikeja · ₦650,000 (full, waiting list)" }],
      },
    ]);
    expect(chosen.preselectedIntake).toBe("");
    expect(chosen.preselected).toBe("c2");
    expect(chosen.uploadToken).toBe("u1.token");
    expect((await loadCourseChoices(new Request("http://x/registration-form?courseid=zz"))).preselected).toBe("");
    expect((await loadCourseChoices(new Request("http://x/registration-form"))).preselected).toBe("");
  });

  test("?intake= preselects an intake taking registrations, and its course; an unknown one nothing", async () => {
    options.mockResolvedValue(courses);
    const chosen = await loadCourseChoices(new Request("http://x/registration-form?intake=i1"));
    expect([chosen.preselected, chosen.preselectedIntake]).toEqual(["c2", "i1"]);
    const unknown = await loadCourseChoices(new Request("http://x/registration-form?courseid=c1&intake=zz"));
    expect([unknown.preselected, unknown.preselectedIntake]).toEqual(["c1", ""]);
  });

  test("when it cannot load, the visitor goes back to the course page with an error toast", async () => {
    options.mockImplementation(async () => {
      throw new UpstreamError(503, "Something went wrong. It might be network-related");
    });
    const response = await thrown(
      loadCourseChoices(new Request("http://x/registration-form?courseid=c2&courseslug=event-photography")),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/course/c2/event-photography");
    expect(response.headers.get("set-cookie")).toMatch(/^academy_toast=/);
  });

  test("without a slug it goes to /courses", async () => {
    options.mockImplementation(async () => {
      throw new Error("socket hang up");
    });
    const response = await thrown(loadCourseChoices(new Request("http://x/registration-form")));
    expect(response.headers.get("location")).toBe("/courses");
  });

  test("the failure path never leaves the site", () => {
    expect(courseListFailurePath("c1", "bridal-makeup")).toBe("/course/c1/bridal-makeup");
    expect(courseListFailurePath(null, "bridal-makeup")).toBe("/courses");
    expect(courseListFailurePath("c1", null)).toBe("/courses");
    expect(courseListFailurePath("//evil.example", "x/../y")).toBe("/course/%2F%2Fevil.example/x%2F..%2Fy");
  });
});
