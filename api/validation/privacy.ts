import { z } from "zod";

import { lagosDay } from "@domain/consent";
import { PRIVACY_REQUEST_KINDS } from "@domain/retention";

import { apiMessages } from "../messages";
import { blankAsUnset, isCalendarDate, required, text } from "./fields";

/** A person, by e-mail or phone (at least one). */
export const personQuery = z
  .object({
    email: z.preprocess(blankAsUnset, text(200).optional()),
    phone: z.preprocess(
      blankAsUnset,
      text(30)
        .refine((v) => v.replace(/\D/g, "").length >= 7, apiMessages.personPhone)
        .optional(),
    ),
  })
  .refine((q) => q.email || q.phone, apiMessages.personMissing);

export const personEraseInput = z
  .object({
    email: z.preprocess(blankAsUnset, text(200).optional()),
    phone: z.preprocess(blankAsUnset, text(30).optional()),
    requestId: z.preprocess(
      blankAsUnset,
      z
        .string()
        .regex(/^[a-f0-9]{24}$/, "requestId is not a request")
        .optional(),
    ),
  })
  .refine((q) => q.email || q.phone, apiMessages.personMissing);

export const privacyRequestInput = z.object({
  kind: z.enum(PRIVACY_REQUEST_KINDS, { error: apiMessages.requestKind }),
  subject: required(apiMessages.requestSubject, 200),
  receivedOn: z
    .string({ error: apiMessages.requestReceived })
    .regex(/^\d{4}-\d{2}-\d{2}$/, apiMessages.requestReceived)
    .refine((d) => isCalendarDate(d) && d <= lagosDay(), apiMessages.requestReceived),
});
