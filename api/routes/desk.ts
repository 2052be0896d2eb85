import { Hono } from "hono";

import { type Env, query, requirePermission } from "../http";
import { deskFigures } from "../lib/desk";
import { guardiansPending, savedFormsNotSent } from "../lib/desk-lists";
import { deskListQuery } from "../validation/desk-lists";

// The admissions desk's figures (docs/decisions/076-the-admissions-desk.md): Admissions and
// Admin (the applicants permission). Read fresh each time: they change with every application.
// Behind two of its counts, their lists, a page by key each
// (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md).

export const desk = new Hono<Env>();

desk.get("/", requirePermission("applicants"), async (c) =>
  c.json(await deskFigures(c.get("db")), 200, { "cache-control": "no-store" }),
);

/** Guardians still to answer, oldest application first: `?after=` the page before's `next`. */
desk.get("/guardians", requirePermission("applicants"), async (c) => {
  const { after } = query(c, deskListQuery);
  return c.json(await guardiansPending(c.get("db"), after), 200, { "cache-control": "no-store" });
});

/** Saved forms not sent yet, oldest first: `?after=` the page before's `next`. */
desk.get("/saved-forms", requirePermission("applicants"), async (c) => {
  const { after } = query(c, deskListQuery);
  return c.json(await savedFormsNotSent(c.get("db"), after), 200, { "cache-control": "no-store" });
});
