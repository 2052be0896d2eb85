import { z } from "zod";

import { COURSE_TYPES } from "@domain/choices";
import { INTAKE_STATUSES, SCHEDULE_KINDS } from "@domain/intakes";
import { messages } from "~/content/messages";

import type { Body } from "./transport.server";
import { UpstreamError } from "./transport.server";

// The web tier's client of a course's intakes (docs/decisions/068-intakes-and-seats.md): the
// course page's and the registration form's public list, and the staff page's list and writes.
// Never through the read cache: the seats change with every admission.

type Call = (method: string, path: string, body?: Body) => Promise<Response>;

async function parse<T extends z.ZodType>(response: Response, schema: T, what: string): Promise<z.infer<T>> {
  const result = schema.safeParse(await response.json());
  if (!result.success) {
    console.error(`[upstream] unexpected answer for ${what}`, result.error.issues.slice(0, 3));
    throw new UpstreamError(502, messages.networkError);
  }
  return result.data;
}

export const publicIntakeSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  duration: z.string(),
  scheduleKind: z.enum(SCHEDULE_KINDS),
  schedule: z.string(),
  campus: z.string(),
  opensOn: z.string(),
  closesOn: z.string(),
  courseTypes: z.array(z.enum(COURSE_TYPES)),
  fee: z.number(),
  /** The instalment plan: naira parts and their due days (docs/decisions/077). */
  instalments: z.array(z.object({ amount: z.number(), dueOn: z.string() })).default([]),
  status: z.enum(INTAKE_STATUSES),
  seatsLeft: z.enum(["available", "few", "full"]),
  registrationOpen: z.boolean(),
});
export type PublicIntake = z.infer<typeof publicIntakeSchema>;
export const staffIntakeSchema = publicIntakeSchema.extend({
  seats: z.number(),
  seatsTaken: z.number(),
  waiting: z.number(),
});
export type StaffIntake = z.infer<typeof staffIntakeSchema>;

/** What the staff form sends: its fields as typed, checked again by the API. */
export type IntakeFields = Record<string, string | string[] | { amount: number; dueOn: string }[]>;

const id = (s: string) => encodeURIComponent(s);

// Made once: the course pages and the registration form read them on every visit.
const publicIntakes = z.array(publicIntakeSchema);

export const intakesClient = (call: Call) => ({
  /** A published course's open and closed intakes, the seats as a word. */
  async forCourse(courseId: string) {
    return parse(await call("GET", `/api/courses/${id(courseId)}/intakes`), publicIntakes, "course intakes");
  },
  /** Every intake taking registrations today, of every public course: the registration form's choice. */
  async open() {
    return parse(await call("GET", "/api/intakes/open"), publicIntakes, "open intakes");
  },
  /** Staff: every intake of the course, archived too, with the numbers. */
  async staffList(courseId: string) {
    return parse(await call("GET", `/api/intakes?course=${id(courseId)}`), z.array(staffIntakeSchema), "staff intakes");
  },
  async create(courseId: string, fields: IntakeFields) {
    return parse(
      await call("POST", `/api/courses/${id(courseId)}/intakes`, { json: fields }),
      staffIntakeSchema,
      "intake",
    );
  },
  async update(courseId: string, intakeId: string, fields: IntakeFields) {
    return parse(
      await call("PATCH", `/api/courses/${id(courseId)}/intakes/${id(intakeId)}`, { json: fields }),
      staffIntakeSchema,
      "intake",
    );
  },
  async setStatus(courseId: string, intakeId: string, status: string) {
    return parse(
      await call("POST", `/api/courses/${id(courseId)}/intakes/${id(intakeId)}/status`, { json: { status } }),
      staffIntakeSchema,
      "intake",
    );
  },
});
