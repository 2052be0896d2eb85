import { z } from "zod";

import { ASSET_FOLDER } from "@domain/items";
import { PRIVATE_TOKEN } from "@domain/journey";
import { nairaFromText, OFFER_LIMITS } from "@domain/offers";
import { COLOUR } from "@domain/patterns";
import { isPhoneNumber, phoneE164 } from "@domain/phone";
import { lagosLocalToIso } from "@domain/schedule";
import { isOneLine } from "@domain/text";

import { apiMessages } from "../messages";

// Every one-line field refuses control characters and line breaks (domain/text.ts): a name or
// title is written into mail subjects and may reach a log. Checked after the trim, so a pasted
// trailing newline is simply dropped. Multi-line fields (a message, a note, rich text) say so;
// a search or list filter is only compared, never stored, mailed or logged, and takes any text.
export const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const line = (max: number) => text(max).refine(isOneLine, apiMessages.notOneLine);

export const required = (message: string, max = 200, { multiline = false } = {}) => {
  const checked = z.string({ error: message }).trim().min(1, message).max(max, `must be at most ${max} characters`);
  return multiline ? checked : checked.refine(isOneLine, apiMessages.notOneLine);
};

/** A stored image: a public id from the image store (or a URL from an older post), or empty. */
export const imageRef = z
  .string()
  .trim()
  .max(500)
  .regex(/^$|^[a-z0-9_-]+(\/[a-z0-9_.-]+)*$|^https:\/\/\S+$/i, "is not a valid image reference")
  .default("");

export const colour = z
  .string()
  .trim()
  .refine((v) => !v || COLOUR.test(v), "must be a colour like #1a2b3c")
  .default("");

export const assetFolder = z
  .string()
  .trim()
  .refine((v) => !v || ASSET_FOLDER.test(v), "is not a valid asset folder")
  .default("");

export const richText = z.string().max(500_000, "Content is too long").default("");

// A calendar date as a date input sends it (YYYY-MM-DD), or an ISO timestamp starting with
// one; the date written is the date kept, whatever the time zone after it. Date.parse alone
// took "1" for 2001-01-01 and rolled 2030-02-31 over to March.
export const isCalendarDate = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};

export const isoDate = z
  .string({ error: "Kindly select the application deadline" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, "Kindly select the application deadline")
  .refine((s) => isCalendarDate(s.slice(0, 10)), "Kindly select the application deadline")
  .transform((s) => s.slice(0, 10));

/**
 * Trimmed first, then checked: zod checks in order, and z.email().trim() refused " a@b.co".
 * `malformed`, when given, is what a present but impossible address is told (the contact form's).
 */
export const email = (message: string, malformed?: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((s) => !malformed || s.length > 0, message)
    .refine(isOneLine, apiMessages.notOneLine)
    .pipe(z.email({ error: malformed ?? message }).max(200, "must be at most 200 characters"));

// When an item goes public (docs/product.md §4): empty for "now", a datetime-local value read as
// Lagos time, or an ISO instant with its zone. Absent on an update: the schedule is kept.
const PUBLISH_AT_MESSAGE = "Kindly choose a valid publish date and time";

export const publishAt = z
  .union([z.string().trim().max(40, PUBLISH_AT_MESSAGE), z.null()], { error: PUBLISH_AT_MESSAGE })
  .transform((value, ctx) => {
    if (!value) return null;
    const iso = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? isoInstant(value) : lagosLocalToIso(value);
    if (!iso) {
      ctx.addIssue({ code: "custom", message: PUBLISH_AT_MESSAGE });
      return z.NEVER;
    }
    return iso;
  })
  .optional();

function isoInstant(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

export const flag = z.preprocess(
  (v) => (typeof v === "string" ? ["true", "on", "1", "yes"].includes(v.toLowerCase()) : v),
  z.boolean().default(false),
);

export const LIST_KEY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([\w-]{1,64})$/;

export const listQuery = (defaultLimit: number) =>
  z.object({
    limit: z.coerce
      .number({ error: "must be a whole number from 1 to 100" })
      .int("must be a whole number from 1 to 100")
      .min(1, "must be a whole number from 1 to 100")
      .max(100, "must be a whole number from 1 to 100")
      .default(defaultLimit),
    skip: z.coerce
      .number({ error: "must be a whole number from 0" })
      .int("must be a whole number from 0")
      .min(0, "must be a whole number from 0")
      .max(100_000, "must be at most 100000")
      .default(0),
    search: text(100).optional(),
    // The last row of the page before, as `<created_at>_<id>` (docs/product.md §7): the next page
    // by key costs what the first costs, at any depth.
    after: z
      .string()
      .regex(LIST_KEY, "must be the last item's createdAt and _id joined by _, e.g. 2026-01-02T03:04:05.000Z_6571a3…")
      .transform((key) => {
        const [, at, id] = LIST_KEY.exec(key)!;
        return { at, id };
      })
      .optional(),
    // The first row of the page after, the same way: the page before it (a staff list's "Newer"
    // link), read from the same index in the other direction.
    before: z
      .string()
      .regex(LIST_KEY, "must be the first item's createdAt and _id joined by _, e.g. 2026-01-02T03:04:05.000Z_6571a3…")
      .transform((key) => {
        const [, at, id] = LIST_KEY.exec(key)!;
        return { at, id };
      })
      .optional(),
  });

/** A phone number by the shared rule (domain/phone.ts), kept in one form: E.164. */
export const phone = (field: z.ZodString, message: string) =>
  field.refine(isPhoneNumber, message).transform((v) => phoneE164(v)!);

export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists (2026-02-31 does not): the log's days are Lagos days. */
export const isLagosDay = (day: string) => lagosLocalToIso(`${day}T00:00`) !== undefined;

// ---- the staff inbox's read and unread (docs/product.md §4) ----
/** A form sends "true"/"false" (or 1/0), JSON a boolean; both mean the same here. */
export const yesNo = (message: string) =>
  z.preprocess(
    (v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v),
    z.boolean({ error: message }),
  );

// The offer fields (docs/decisions/019-course-and-job-offers.md): optional, and an empty value (a cleared field) is stored as null.
export const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && !v.trim()) ? null : v;

export const optionalNaira = (message: string) =>
  z.preprocess(
    (v) => {
      const b = blankToNull(v);
      return typeof b === "string" ? nairaFromText(b) : b;
    },
    z
      .number({ error: message })
      .int(message)
      .min(0, message)
      .max(OFFER_LIMITS.maxNaira, message)
      .nullable()
      .default(null),
  );

export const optionalText = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max, `must be at most ${max} characters`)
      .refine(isOneLine, apiMessages.notOneLine)
      .nullable()
      .default(null),
  );

export const optionalDate = (message: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine(isCalendarDate, message)
      .nullable()
      .default(null),
  );

// ---- people's rights (docs/decisions/034-retention-and-rights.md) ----
export const blankAsUnset = (v: unknown) => (v === "" ? undefined : v);

const ZOD_DEFAULT_WORDING =
  /^(Invalid input|Invalid option|Invalid string|Invalid key|Invalid element|Too small|Too big|Unrecognized key)/;

/** The first problem of a failed parse, as one readable sentence for the response text. */
export function firstProblem(error: z.ZodError) {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const field = issue.path.join(".");
  if (!field) return issue.message;
  if (/^[a-z]/.test(issue.message)) return `${field} ${issue.message}`;
  // zod's own wording ("Too small: expected number to be >=1") does not say which field.
  if (ZOD_DEFAULT_WORDING.test(issue.message)) return `${field}: ${issue.message}`;
  return issue.message;
}

/** The staff inbox's filters beside its search: an empty value (a cleared select) means any. */
export const emptyAsUnset = (v: unknown) => (v === "" ? undefined : v);

// ---- after the form: status page, proof of payment, saved forms (docs/decisions/035, 036) ----
export const privateToken = z.string().regex(PRIVATE_TOKEN, "Not found");
