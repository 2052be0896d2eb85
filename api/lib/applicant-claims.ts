import { type Expression, expressionBuilder, sql, type SqlBool } from "kysely";
import type { z } from "zod";

import type { Database } from "../db/schema";
import type { applicantInput } from "../validation";
import { hashSecret } from "./ids";

// Which waiting files a form may claim, and when two posts are one submission (docs/security.md,
// "Applicant uploads", and docs/decisions/035).

/**
 * The files a registration or a saved form may claim: those uploaded with its own upload token
 * (the form's field, or the `X-Upload-Token` header an API caller uploaded with; kept as its hash) and those kept by the saved form it finishes or
 * replaces. A file id read off another phone or guessed claims nothing.
 */
export function claimableBy(form: { uploadTokens: (string | undefined)[]; resumeToken?: string; replaces?: string }) {
  const eb = expressionBuilder<Database, "private_files">();
  const own: Expression<SqlBool>[] = [];
  const tokens = [...new Set(form.uploadTokens.filter((t): t is string => !!t))];
  if (tokens.length) own.push(eb("upload_token", "in", tokens.map(hashSecret)));
  const saved = form.resumeToken ?? form.replaces;
  if (saved) own.push(eb("saved_form", "=", hashSecret(saved)));
  return own.length ? eb.or(own) : sql<SqlBool>`1 = 0`;
}

/**
 * The stored one-submission key: the form's token together with what the person typed. A retry
 * or a double tap of one form is one applicant; two people sending the phone's kept copy of a
 * form (one token) with their own details are two. The files are not part of it: a double tap
 * with JavaScript off uploads the picked files again.
 */
export function submissionKeyOf(input: z.output<typeof applicantInput>): string | null {
  if (!input.submissionKey) return null;
  const typed = Object.entries(input).filter(([name]) => !["submissionKey", "files", "resumeToken"].includes(name));
  return hashSecret(`${input.submissionKey}\n${JSON.stringify(typed)}`);
}
