import { z } from "zod";

import type { ItemType } from "@domain/items";

import { authClients } from "./auth.server";
import {
  csvFile,
  detailPath,
  type ExportCursor,
  itemPath,
  type ItemWrite,
  type ListParams,
  parseExportPage,
  withQuery,
} from "./client.server";
import { contactClients } from "./contact.server";
import { contentClients } from "./content.server";
import { deskClient } from "./desk.server";
import { insightsClient } from "./insights.server";
import { intakesClient } from "./intakes.server";
import { jobAlertsClient } from "./job-alerts.server";
import { legalTextsClient } from "./legal-texts.server";
import { pageContentClient } from "./page-content.server";
import { paymentsClient } from "./payments.server";
import { privacyClients } from "./privacy.server";
import { cachedPublicRead } from "./read-cache.server";
import {
  applicantCountsSchema,
  applicantDetailSchema,
  applicantListItemSchema,
  applicantNoteSchema,
  applicationStatusSchema,
  articleSchema,
  courseDetailSchema,
  courseSchema,
  jobSchema,
  savedFormSchema,
  storedFileSchema,
} from "./schemas";
import { settingsClient } from "./settings.server";
import { staffClients } from "./staff.server";
import { type Body, parse, RateLimitedError, send, UnauthorizedError, UpstreamError } from "./transport.server";

export { RateLimitedError, UnauthorizedError, UpstreamError };
export type { ExportCursor, ItemWrite } from "./client.server";
export * from "./schemas";
export type { DraftWrite } from "@api/embedded";

const ITEM_SCHEMAS = {
  course: { detail: courseDetailSchema, written: courseSchema },
  article: { detail: articleSchema, written: articleSchema },
  job: { detail: jobSchema, written: jobSchema },
} as const;
type ItemSchemas = typeof ITEM_SCHEMAS;
/** An item as its detail page reads it. */
export type ItemDetail<T extends ItemType> = z.infer<ItemSchemas[T]["detail"]>;

/**
 * The typed client of the academy API, bound to one browser request. Every loader and
 * action reads and writes through it. Set-Cookie answers gather in `headers` for the
 * route to pass on: `json(data, { headers: api.headers })`.
 */
export function upstream(request: Request) {
  const setCookies: string[] = [];
  const call = (method: string, path: string, body?: Body, headers?: Record<string, string>) =>
    send(request, setCookies, method, path, body, headers);
  /** A read whose answer is the same for everyone (public content), kept until the next write. */
  const publicRead = <T extends z.ZodType>(path: string, schema: T, what: string) =>
    cachedPublicRead(path, async () => parse(await call("GET", path), schema, what));

  return {
    /** Headers to add to the route's own response (the API's Set-Cookie). */
    get headers() {
      const h = new Headers();
      for (const c of setCookies) h.append("set-cookie", c);
      return h;
    },

    jobAlerts: jobAlertsClient(call),
    ...authClients(request, call),
    ...staffClients(call),
    ...contactClients(call),
    ...contentClients(call, publicRead),
    ...privacyClients(call),

    /** Staff management, for Admins (docs/decisions/031-staff-roles.md). */
    settings: settingsClient(call),
    /** The home page's content blocks, for Editors and Admins (docs/decisions/070). */
    pageContent: pageContentClient(call),
    legalTexts: legalTextsClient(call),
    insights: insightsClient(call, parse),
    /**
     * One entry for the three item types: read one (with `preview`, staff only, an item
     * scheduled for later too — never through the shared read cache, as its answer depends on
     * who asks), create one, change one. Each answer is checked against its type's schema.
     */
    items<T extends ItemType>(type: T) {
      const { detail, written } = ITEM_SCHEMAS[type];
      type Detail = z.infer<ItemSchemas[T]["detail"]>;
      type Written = z.infer<ItemSchemas[T]["written"]>;
      return {
        async get(id: string, { preview = false } = {}): Promise<Detail> {
          if (preview) return (await parse(await call("GET", detailPath(type, id, true)), detail, type)) as Detail;
          return (await publicRead(detailPath(type, id, false), detail, type)) as Detail;
        },
        async create(item: ItemWrite<T>): Promise<Written> {
          return (await parse(
            await call("POST", `/api/${type}s`, { json: item }),
            written,
            `${type} create`,
          )) as Written;
        },
        async update(id: string, item: ItemWrite<T>): Promise<Written> {
          return (await parse(
            await call("PATCH", itemPath(type, id), { json: item }),
            written,
            `${type} update`,
          )) as Written;
        },
      };
    },

    payments: paymentsClient(call),
    intakes: intakesClient(call),
    desk: deskClient(call),

    /** The applicant's side after the form (docs/decisions/035): a private token opens it, no account. */
    application: {
      async status(token: string) {
        return parse(
          await call("GET", `/api/application/${encodeURIComponent(token)}`),
          applicationStatusSchema,
          "application status",
        );
      },
      async requestLink(email: string) {
        await call("POST", "/api/application/link-request", { json: { email } });
      },
      async sendProof(token: string, file: File, transferReference: string) {
        const form = new FormData();
        form.set("transferReference", transferReference);
        form.set("file", file);
        await call("POST", `/api/application/${encodeURIComponent(token)}/proof`, { multipart: form });
      },
      /** The offer letter, a PDF passed through unread (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md). */
      async offerLetter(token: string) {
        return call("GET", `/api/application/${encodeURIComponent(token)}/offer-letter`);
      },
      /** `check`: the reference or the date of birth the page asked for (docs/security.md, "Status links"). */
      async withdraw(token: string, check: string) {
        await call("POST", `/api/application/${encodeURIComponent(token)}/withdraw`, { json: { check } });
      },
      /** The guardian's link again, to the address on file or to `email`, a corrected one (decision 065). */
      async sendGuardianAgain(token: string, email?: string) {
        const path = `/api/application/${encodeURIComponent(token)}/guardian/${email === undefined ? "resend" : "email"}`;
        await call("POST", path, { json: email === undefined ? {} : { email } });
      },
    },

    applicants: {
      /** Stores applicant files privately; answers their public ids. */
      /** The token the registration form carries for its files (the API takes files only with one). */
      async uploadToken() {
        return parse(
          await call("GET", "/api/applicant/upload-token"),
          z.object({ token: z.string(), expiresAt: z.string() }),
          "upload token",
        );
      },
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
      async confirmProof(id: string) {
        await call("POST", `/api/applicants/${encodeURIComponent(id)}/proof/confirm`);
      },
      async rejectProof(id: string, reason: string) {
        await call("POST", `/api/applicants/${encodeURIComponent(id)}/proof/reject`, { json: { reason } });
      },
      async list(params: ListParams & { status?: string; course?: string; proof?: string } = {}) {
        return parse(
          await call("GET", withQuery("/api/applicants", params)),
          z.array(applicantListItemSchema),
          "applicant list",
        );
      },
      /** The CSV file of the applicants (under the filters and a search), written by the API and streamed on as it comes. */
      async exportCsv(params: { search?: string; status?: string; course?: string; proof?: string } = {}) {
        return csvFile(await call("GET", withQuery("/api/applicants/export.csv", params)), "applicant export");
      },
      /** One page of the spreadsheet export, from `cursor` (the start when empty). */
      async exportPage(cursor: ExportCursor, params: { search?: string; status?: string; course?: string } = {}) {
        return parseExportPage(
          await call("GET", withQuery("/api/applicants/export", { ...cursor, ...params })),
          applicantListItemSchema,
          "applicant export",
        );
      },
      /** How many applicants are at each status, within a course and a search. */
      async counts(params: { course?: string; search?: string } = {}) {
        return parse(
          await call("GET", withQuery("/api/applicants/counts", params)),
          applicantCountsSchema,
          "applicant counts",
        );
      },
      /** Applicants still at New up to a bound: `more` when there are more than `n` ("999+"). */
      async newCount() {
        const counted = await parse(
          await call("GET", "/api/applicants/new-count"),
          z.object({ new: z.number(), more: z.boolean() }),
          "new applicants count",
        );
        return { n: counted.new, more: counted.more };
      },
      async setStatus(id: string, status: string) {
        await call("PATCH", `/api/applicants/${encodeURIComponent(id)}/status`, { json: { status } });
      },
      async addNote(id: string, body: string) {
        return parse(
          await call("POST", `/api/applicants/${encodeURIComponent(id)}/notes`, { json: { body } }),
          applicantNoteSchema,
          "applicant note",
        );
      },
      async get(id: string) {
        return parse(
          await call("GET", `/api/applicants/${encodeURIComponent(id)}`),
          applicantDetailSchema,
          "applicant",
        );
      },
      /** A private file, streamed for staff only (the API answers 401 otherwise). */
      async file(publicId: string, { inline = false }: { inline?: boolean } = {}) {
        const path = `/api/files/${publicId.split("/").map(encodeURIComponent).join("/")}`;
        return call("GET", inline ? `${path}?view=inline` : path);
      },
    },
  };
}

export type Upstream = ReturnType<typeof upstream>;

export { forwardToApi } from "./forward.server";
