import { z } from "zod";

import { CONTACT_ISSUES } from "@domain/contact-issues";

import { apiMessages } from "../messages";
import { email, listQuery, phone, required, text, yesNo } from "./fields";

export const contactInput = z.object({
  fullname: required("Kindly input your fullname", 120),
  email: email("Kindly input your email", apiMessages.emailMalformed),
  phone: phone(required("Kindly input your phone number", 30), "Kindly input a valid phone number"),
  issue: z.coerce
    .number({ error: "Help us understand the matter of your mail" })
    .int()
    .refine((n) => (CONTACT_ISSUES as readonly number[]).includes(n), "Help us understand the matter of your mail"),
  message: required("Kindly input your message", 5000, { multiline: true }),
});

export const contactListQuery = listQuery(20).extend({
  unread: z.preprocess((v) => (v === "" ? undefined : v), yesNo("must be true or false").optional()),
});

export const contactExportQuery = contactListQuery.omit({ limit: true, before: true });

export const contactCsvQuery = contactExportQuery.omit({ after: true, skip: true });

export const contactReadInput = z.object({ read: yesNo("must be true or false") });

/**
 * "Mark all as read": the new messages the staff member was looking at — up to the moment the
 * page was read (one that arrived meanwhile stays new), within the list's search if there was one.
 */
export const contactReadAllInput = z.object({
  until: z.iso.datetime({ error: "must be a date and time, e.g. 2026-11-23T09:30:00.000Z" }).optional(),
  search: z.preprocess((v) => (v === "" ? undefined : v), text(100).optional()),
});
