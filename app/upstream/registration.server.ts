import { z } from "zod";

import type { Call } from "./client.server";
import { savedFormSchema, storedFileSchema } from "./schemas";
import { parse } from "./transport.server";

/** The registration form's calls (files, the form, saved forms): part of `applicants` in the API client (app/upstream/index.server.ts). */
export function registrationCalls(call: Call) {
  return {
    /** The token the registration form carries for its files (the API takes files only with one). */
    async uploadToken() {
      return parse(
        await call("GET", "/api/applicant/upload-token"),
        z.object({ token: z.string(), expiresAt: z.string() }),
        "upload token",
      );
    },
    /** Stores applicant files privately; answers their public ids. */
    async uploadFiles(group: "idCards" | "certificate", files: File[], token: string) {
      const form = new FormData();
      form.set("group", group);
      for (const f of files) form.append("file", f);
      return parse(
        await call("POST", "/api/applicant/files", { multipart: form }, { "x-upload-token": token }),
        z.array(storedFileSchema),
        "applicant files",
      );
    },
    async submit(fields: Record<string, string | string[]>) {
      return parse(
        await call("POST", "/api/applicant", { form: fields }),
        z.object({
          _id: z.string(),
          reference: z.string(),
          course: z.string(),
          confirmed: z.boolean(),
          statusToken: z.string(),
        }),
        "registration",
      );
    },
    /** Keeps a registration to finish later (docs/decisions/036): its token, once. */
    async saveForm(input: {
      fields: Record<string, string | string[]>;
      files: string[];
      email?: string;
      replaces?: string;
      uploadToken?: string;
    }) {
      return parse(
        await call("POST", "/api/applicant/saved", { json: input }),
        z.object({ token: z.string(), expiresAt: z.string(), mailed: z.boolean() }),
        "saved form",
      );
    },
    async savedForm(token: string) {
      return parse(
        await call("GET", `/api/applicant/saved/${encodeURIComponent(token)}`),
        savedFormSchema,
        "saved form",
      );
    },
  };
}
