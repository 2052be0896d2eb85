import { z } from "zod";

import type { ItemType } from "@domain/items";
import { messages } from "~/content/messages";

import { deskClient } from "./desk.server";
import { insightsClient } from "./insights.server";
import { intakesClient } from "./intakes.server";
import { jobAlertsClient } from "./job-alerts.server";
import { legalTextsClient } from "./legal-texts.server";
import { pageContentClient } from "./page-content.server";
import { paymentsClient } from "./payments.server";
import { cachedPublicRead } from "./read-cache.server";
import {
  applicantCountsSchema,
  applicantDetailSchema,
  applicantListItemSchema,
  applicantNoteSchema,
  applicationStatusSchema,
  articleSchema,
  contactMessageSchema,
  courseDetailSchema,
  courseOptionSchema,
  courseSchema,
  draftSchema,
  type DraftType,
  enrolmentSchema,
  historySchema,
  invitationSchema,
  jobSchema,
  personRecordsSchema,
  type PostListFilter,
  postListItemSchema,
  privacyRegisterSchema,
  privacyRequestSchema,
  queuedMailSchema,
  revisionSchema,
  savedFormSchema,
  scheduledItemSchema,
  securityLogSchema,
  sitemapFilesSchema,
  sitemapRowsSchema,
  staffListSchema,
  storedFileSchema,
  trashItemSchema,
  twoFactorStateSchema,
  uploadedImageSchema,
  userSchema,
} from "./schemas";
import { settingsClient } from "./settings.server";
import {
  type Body,
  hasSessionCookie,
  parse,
  RateLimitedError,
  send,
  UnauthorizedError,
  UpstreamError,
} from "./transport.server";

export { RateLimitedError, UnauthorizedError, UpstreamError };
export * from "./schemas";

/** `after`: the last item's `<createdAt>_<_id>`, for the next page by key (docs/product.md §7). */
type ListParams = { limit?: number; skip?: number; search?: string; after?: string; before?: string };
const itemPath = (type: ItemType, id: string) => `/api/${type}s/${encodeURIComponent(id)}`;

/** An item's API address; `preview` asks for a scheduled item too (answered only to staff). */
const detailPath = (type: ItemType, id: string, preview: boolean) =>
  `${itemPath(type, id)}${preview ? "?preview=1" : ""}`;

/** Each item type's answers: its detail when read, the stored item when written. */
const ITEM_SCHEMAS = {
  course: { detail: courseDetailSchema, written: courseSchema },
  article: { detail: articleSchema, written: articleSchema },
  job: { detail: jobSchema, written: jobSchema },
} as const;
type ItemSchemas = typeof ITEM_SCHEMAS;
/** An item as its detail page reads it. */
export type ItemDetail<T extends ItemType> = z.infer<ItemSchemas[T]["detail"]>;

/** An item's fields as the editor sends them; the API checks and converts each (api/validation.ts). */
export type ItemPayload = Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

function withQuery(path: string, params: Record<string, string | number | undefined>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** Where an export's next page starts, as the API names it (null after the last page). */
export type ExportCursor = { after?: string; skip?: number };
const exportEnvelope = z.object({
  rows: z.array(z.unknown()),
  next: z.object({ after: z.string().optional(), skip: z.number().optional() }).nullable(),
});
const PARSE_SLICE = 100;

/**
 * An export page (up to a thousand rows): its rows are checked 100 at a time, with other
 * requests let in between, so a large page never holds the server for long
 * (docs/decisions/029-every-list-by-key-and-fast-exports.md).
 */
async function parseExportPage<T extends z.ZodType>(response: Response, row: T, what: string) {
  const page = await parse(response, exportEnvelope, what);
  const slice = z.array(row);
  const rows: z.infer<T>[] = [];
  for (let i = 0; i < page.rows.length; i += PARSE_SLICE) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const result = slice.safeParse(page.rows.slice(i, i + PARSE_SLICE));
    if (!result.success) {
      console.error(`[upstream] unexpected answer for ${what}`, result.error.issues.slice(0, 3));
      throw new UpstreamError(502, messages.networkError);
    }
    rows.push(...(result.data as z.infer<T>[]));
  }
  return { rows, next: page.next };
}

/**
 * A CSV file the API writes whole (docs/decisions/048-exports-written-by-the-api.md): its body is
 * passed on unread, so only its type is checked here; the API checked the request with zod and
 * writes each cell as the spreadsheets' shared plan says (domain/staff-exports.ts).
 */
async function csvFile(response: Response, what: string) {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/csv")) {
    await response.body?.cancel();
    console.error(`[upstream] unexpected answer for ${what}`, response.headers.get("content-type"));
    throw new UpstreamError(502, messages.networkError);
  }
  return response;
}

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

    auth: {
      /** The logged-in staff user, or null when the API answers 401. */
      async currentUser() {
        // No session cookie, no session: an anonymous visitor costs no call.
        if (!hasSessionCookie(request)) return null;
        try {
          return await parse(await call("GET", "/api/auth/isloggedin"), userSchema, "isloggedin");
        } catch (error) {
          if (error instanceof UnauthorizedError) return null;
          throw error;
        }
      },
      async login(
        input: { username: string; password: string; keepMeSignedIn?: boolean },
        encoding: "json" | "form" = "json",
      ) {
        const body: Body =
          encoding === "json"
            ? { json: { ...input, keepMeSignedIn: !!input.keepMeSignedIn } }
            : {
                form: {
                  username: input.username,
                  password: input.password,
                  keepMeSignedIn: String(!!input.keepMeSignedIn),
                },
              };
        return parse(await call("POST", "/api/auth/login/password", body), userSchema, "login");
      },
      async logout() {
        await call("POST", "/api/auth/logout");
      },
      /** The address of a sign-in waiting for its two-factor code, or null when there is none. */
      async pendingSignIn() {
        if (!hasSessionCookie(request)) return null;
        try {
          return await parse(await call("GET", "/api/auth/login/code"), z.object({ email: z.string() }), "code step");
        } catch (error) {
          if (error instanceof UnauthorizedError) return null;
          throw error;
        }
      },
      async submitCode(code: string) {
        return parse(await call("POST", "/api/auth/login/code", { json: { code } }), userSchema, "code step");
      },
      async requestPasswordReset(email: string) {
        await call("POST", "/api/auth/password-reset", { json: { email } });
      },
      async resetPassword(input: { password: string; token: string }) {
        await call("PATCH", "/api/auth/password-reset", { json: input });
      },
    },

    /** One's own account: two-factor sign-in (docs/decisions/032-two-factor-sign-in.md). */
    account: {
      async twoFactor() {
        return parse(await call("GET", "/api/account/two-factor"), twoFactorStateSchema, "two-factor state");
      },
      async startTwoFactor() {
        return parse(await call("POST", "/api/account/two-factor/setup"), enrolmentSchema, "two-factor set-up");
      },
      async confirmTwoFactor(code: string) {
        return parse(
          await call("POST", "/api/account/two-factor/confirm", { json: { code } }),
          z.object({ recoveryCodes: z.array(z.string()) }),
          "two-factor confirm",
        );
      },
      async disableTwoFactor(code: string) {
        await call("POST", "/api/account/two-factor/disable", { json: { code } });
      },
    },

    /** Staff management, for Admins (docs/decisions/031-staff-roles.md). */
    settings: settingsClient(call),
    /** The home page's content blocks, for Editors and Admins (docs/decisions/070). */
    pageContent: pageContentClient(call),
    legalTexts: legalTextsClient(call),
    staff: {
      async list() {
        return parse(await call("GET", "/api/staff"), staffListSchema, "staff list");
      },
      async invite(input: { email: string; name: string; role: string }) {
        await call("POST", "/api/staff/invitations", { json: input });
      },
      async resendInvitation(id: string) {
        await call("POST", `/api/staff/invitations/${encodeURIComponent(id)}/resend`);
      },
      async cancelInvitation(id: string) {
        await call("DELETE", `/api/staff/invitations/${encodeURIComponent(id)}`);
      },
      async setRole(id: string, role: string) {
        await call("PATCH", `/api/staff/${encodeURIComponent(id)}/role`, { json: { role } });
      },
      async deactivate(id: string) {
        await call("POST", `/api/staff/${encodeURIComponent(id)}/deactivate`);
      },
      async reactivate(id: string) {
        await call("POST", `/api/staff/${encodeURIComponent(id)}/reactivate`);
      },
      async resetTwoFactor(id: string) {
        await call("POST", `/api/staff/${encodeURIComponent(id)}/two-factor/reset`);
      },
      /** Whom an invitation link invites; 410 (UpstreamError) when it is invalid, used or expired. */
      async invitation(token: string) {
        return parse(await call("GET", withQuery("/api/invitations", { token })), invitationSchema, "invitation");
      },
      async acceptInvitation(input: { token: string; password: string }) {
        await call("POST", "/api/invitations/accept", { json: input });
      },
    },

    insights: insightsClient(call, parse),
    securityLog: {
      async list(params: {
        person?: string;
        event?: string;
        from?: string;
        to?: string;
        after?: string;
        limit?: number;
        export?: "1";
      }) {
        return parse(await call("GET", withQuery("/api/security-log", params)), securityLogSchema, "security log");
      },
    },

    contact: {
      async send(input: { fullname: string; email: string; phone: string; issue: string | number; message: string }) {
        await call("POST", "/api/contact", { form: { ...input, issue: String(input.issue) } });
      },
      async list(params: ListParams & { unread?: boolean } = {}) {
        return parse(
          await call("GET", withQuery("/api/contact", { ...params, unread: params.unread ? "true" : undefined })),
          z.array(contactMessageSchema),
          "contact list",
        );
      },
      /** The CSV file of the messages (under a search), written by the API and streamed on as it comes. */
      async exportCsv(params: { search?: string; unread?: boolean } = {}) {
        const q = { ...params, unread: params.unread ? "true" : undefined };
        return csvFile(await call("GET", withQuery("/api/contact/export.csv", q)), "contact export");
      },
      /** One page of the spreadsheet export, from `cursor` (the start when empty). */
      async exportPage(cursor: ExportCursor, params: { search?: string; unread?: boolean } = {}) {
        const q = { ...cursor, ...params, unread: params.unread ? "true" : undefined };
        return parseExportPage(
          await call("GET", withQuery("/api/contact/export", q)),
          contactMessageSchema,
          "contact export",
        );
      },
      /** Unread messages up to a bound: `more` when there are more than `n` ("999+"). */
      async unreadCount() {
        const { unread, more } = await parse(
          await call("GET", "/api/contact/unread"),
          z.object({ unread: z.number(), more: z.boolean() }),
          "unread count",
        );
        return { n: unread, more };
      },
      async setRead(id: string, read: boolean) {
        await call("PATCH", `/api/contact/${encodeURIComponent(id)}`, { json: { read } });
      },
      /** The new messages up to `until`, within `search` when given, as the list showed them. */
      async markAllRead(params: { until?: string; search?: string } = {}) {
        await call("POST", "/api/contact/read", { json: params });
      },
    },

    courses: {
      async list(params: ListParams & { category?: string } = {}) {
        return publicRead(withQuery("/api/courses", params), z.array(courseSchema), "course list");
      },
      /** Every course's title, slug and course types, for the registration form's selects. */
      async options() {
        const path = withQuery("/api/courses", { limit: 100, project: "title,slug,courseTypes" });
        return publicRead(path, z.array(courseOptionSchema), "course options");
      },
    },

    posts: {
      async list(params: ListParams & PostListFilter = {}) {
        return publicRead(withQuery("/api/post", params), z.array(postListItemSchema), "post list");
      },
    },

    /** The sitemap's files and their rows, never through the read cache: a sitemap is read whole and rarely. */
    sitemap: {
      async files() {
        return parse(await call("GET", "/api/sitemap"), sitemapFilesSchema, "sitemap files");
      },
      async page(kind: "courses" | "posts", params: { file: number; after?: string; limit?: number }) {
        return parse(await call("GET", withQuery(`/api/sitemap/${kind}`, params)), sitemapRowsSchema, "sitemap page");
      },
    },

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
        async create(item: ItemPayload): Promise<Written> {
          return (await parse(
            await call("POST", `/api/${type}s`, { json: item }),
            written,
            `${type} create`,
          )) as Written;
        },
        async update(id: string, item: ItemPayload): Promise<Written> {
          return (await parse(
            await call("PATCH", itemPath(type, id), { json: item }),
            written,
            `${type} update`,
          )) as Written;
        },
      };
    },

    /** The trash and the schedule (docs/product.md §4); staff only. */
    /** The mail queue's waiting and given-up mails (administrators). */
    mailQueue: {
      async list() {
        return parse(await call("GET", "/api/mail-queue"), z.array(queuedMailSchema), "mail queue");
      },
      async retry(id: string) {
        await call("POST", `/api/mail-queue/${encodeURIComponent(id)}/retry`);
      },
    },

    lifecycle: {
      async moveToTrash(type: ItemType, id: string) {
        await call("DELETE", `/api/${type}s/${encodeURIComponent(id)}`);
      },
      async restore(type: ItemType, id: string) {
        await call("POST", `/api/${type}s/${encodeURIComponent(id)}/restore`);
      },
      async deleteForGood(type: ItemType, id: string) {
        await call("DELETE", `/api/${type}s/${encodeURIComponent(id)}?permanent=1`);
      },
      async trash(params: { limit?: number; after?: string; before?: string } = {}) {
        return parse(await call("GET", withQuery("/api/trash", params)), z.array(trashItemSchema), "trash");
      },
      /** One trashed item, at any depth of the trash. */
      async trashed(type: ItemType, id: string) {
        return parse(await call("GET", `/api/trash/${type}s/${encodeURIComponent(id)}`), trashItemSchema, "trash item");
      },
      async scheduled(params: { limit?: number; after?: string; before?: string } = {}) {
        return parse(await call("GET", withQuery("/api/scheduled", params)), z.array(scheduledItemSchema), "scheduled");
      },
    },

    drafts: {
      /** The saved draft of this type, or null when there is none (204), with when it was last saved (an ISO instant, or null when not said). */
      async get(type: DraftType) {
        const response = await call("GET", `/api/draft/${type}`);
        if (response.status === 204) return null;
        const savedAt = response.headers.get("X-Draft-Saved-At");
        return { draft: await parse(response, draftSchema, "draft"), savedAt };
      },
      /** Throws the staff member's draft of this type away. */
      async discard(type: DraftType) {
        await call("DELETE", `/api/draft/${type}`);
      },
      async save(draft: { postType: DraftType } & Record<string, unknown>) {
        return parse(await call("POST", "/api/draft", { json: draft }), draftSchema, "draft save");
      },
    },

    images: {
      async upload(file: File, assetFolder: string) {
        const form = new FormData();
        form.set("file", file);
        form.set("asset_folder", assetFolder);
        return parse(await call("POST", "/api/images", { multipart: form }), uploadedImageSchema, "image upload");
      },
    },

    /** The versions of a course, article or job (staff only). */
    revisions: {
      async history(type: ItemType, id: string) {
        return parse(await call("GET", `${itemPath(type, id)}/revisions`), historySchema, "history");
      },
      async get(type: ItemType, id: string, revId: string) {
        return parse(
          await call("GET", `${itemPath(type, id)}/revisions/${encodeURIComponent(revId)}`),
          revisionSchema,
          "revision",
        );
      },
      async restore(type: ItemType, id: string, revId: string) {
        await call("POST", `${itemPath(type, id)}/revisions/${encodeURIComponent(revId)}/restore`);
      },
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

    // docs/decisions/033-consent-versions-and-minors.md and 034-retention-and-rights.md.
    privacy: {
      /** The guardian's link: confirms their consent (public; the token is the key). */
      /** Whose application and which course a guardian's link names, before the button. */
      async guardianPreview(token: string) {
        return parse(
          await call("POST", "/api/guardian/preview", { json: { token } }),
          z.object({
            reference: z.string(),
            course: z.string(),
            child: z.string().nullable(),
            confirmedAt: z.string().nullable(),
            refusedAt: z.string().nullable().default(null),
          }),
          "guardian link",
        );
      },
      async confirmGuardian(token: string) {
        return parse(
          await call("POST", "/api/guardian/confirm", { json: { token } }),
          z.object({ reference: z.string(), confirmedAt: z.string() }),
          "guardian confirmation",
        );
      },
      /** "I do not consent": recorded once, admissions told (decision 065). */
      async refuseGuardian(token: string) {
        return parse(
          await call("POST", "/api/guardian/refuse", { json: { token } }),
          z.object({ reference: z.string(), refusedAt: z.string() }),
          "guardian refusal",
        );
      },
      async findPerson(person: { email?: string; phone?: string }) {
        return parse(await call("GET", withQuery("/api/privacy/person", person)), personRecordsSchema, "person");
      },
      /** The person's data as a ZIP, streamed through. */
      async exportPerson(person: { email?: string; phone?: string }) {
        return call("GET", withQuery("/api/privacy/person/export", person));
      },
      async erasePerson(body: { email?: string; phone?: string; requestId?: string }) {
        return parse(
          await call("POST", "/api/privacy/person/erase", { json: body }),
          z.object({
            applications: z.number(),
            files: z.number(),
            messages: z.number(),
            savedForms: z.number().default(0),
            outboxMails: z.number().default(0),
            jobAlerts: z.number().default(0),
          }),
          "erasure",
        );
      },
      async requests() {
        return parse(await call("GET", "/api/privacy/requests"), privacyRegisterSchema, "request register");
      },
      async addRequest(body: { kind: string; subject: string; receivedOn: string }) {
        return parse(await call("POST", "/api/privacy/requests", { json: body }), privacyRequestSchema, "request");
      },
      async requestDone(id: string) {
        await call("POST", `/api/privacy/requests/${encodeURIComponent(id)}/done`);
      },
    },
  };
}

export type Upstream = ReturnType<typeof upstream>;

export { forwardToApi } from "./forward.server";
