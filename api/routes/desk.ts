import { Hono } from "hono";

import { type Env, requirePermission } from "../http";
import { deskFigures } from "../lib/desk";

// The admissions desk's figures (docs/decisions/076-the-admissions-desk.md): Admissions and
// Admin (the applicants permission). Read fresh each time: they change with every application.

export const desk = new Hono<Env>();

desk.get("/", requirePermission("applicants"), async (c) =>
  c.json(await deskFigures(c.get("db")), 200, { "cache-control": "no-store" }),
);
