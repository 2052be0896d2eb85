import { z } from "zod";
import {
  applicantDetailSchema, applicantSchema, articleSchema, contactMessageSchema, courseOptionSchema, courseSchema,
  draftSchema, jobSchema, postListItemSchema, storedFileSchema, uploadedImageSchema, userSchema,
  type DraftType, type PostType,
} from "./schemas";
import { send, SessionExpiredError, UpstreamError, type Body } from "./transport.server";
import { messages } from "~/content/messages";

export { SessionExpiredError, UpstreamError };
export * from "./schemas";

type ListParams = { limit?: number; skip?: number; search?: string };

function withQuery(path: string, params: Record<string, string | number | undefined>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

async function parse<T extends z.ZodType>(response: Response, schema: T, what: string): Promise<z.infer<T>> {
  const result = schema.safeParse(await response.json());
  if (!result.success) {
    console.error(`[upstream] unexpected answer for ${what}`, result.error.issues.slice(0, 3));
    throw new UpstreamError(502, messages.networkError);
  }
  return result.data;
}

/**
 * The typed client of the academy API, bound to one browser request. Every loader and
 * action reads and writes through it. Set-Cookie answers gather in `headers` for the
 * route to pass on: `json(data, { headers: api.headers })`.
 */
export function upstream(request: Request) {
  const setCookies: string[] = [];
  const call = (method: string, path: string, body?: Body) => send(request, setCookies, method, path, body);

  return {
    /** Headers to add to the route's own response (the API's Set-Cookie). */
    get headers() {
      const h = new Headers();
      for (const c of setCookies) h.append("set-cookie", c);
      return h;
    },

    auth: {
      /** The logged-in staff user, or null when the API answers 401. */
      async currentUser() {
        try {
          return await parse(await call("GET", "/api/auth/isloggedin"), userSchema, "isloggedin");
        } catch (error) {
          if (error instanceof SessionExpiredError) return null;
          throw error;
        }
      },
      async login(input: { username: string; password: string; keepMeSignedIn?: boolean }, encoding: "json" | "form" = "json") {
        const body: Body = encoding === "json"
          ? { json: { ...input, keepMeSignedIn: !!input.keepMeSignedIn } }
          : { form: { username: input.username, password: input.password, keepMeSignedIn: String(!!input.keepMeSignedIn) } };
        return parse(await call("POST", "/api/auth/login/password", body), userSchema, "login");
      },
      async logout() {
        await call("POST", "/api/auth/logout");
      },
      async requestPasswordReset(email: string) {
        await call("POST", "/api/auth/password-reset", { json: { email } });
      },
      async resetPassword(input: { password: string; token: string }) {
        await call("PATCH", "/api/auth/password-reset", { json: input });
      },
    },

    contact: {
      async send(input: { fullname: string; email: string; phone: string; issue: string | number; message: string }) {
        await call("POST", "/api/contact", { form: { ...input, issue: String(input.issue) } });
      },
      async list(params: ListParams = {}) {
        return parse(await call("GET", withQuery("/api/contact", params)), z.array(contactMessageSchema), "contact list");
      },
    },

    courses: {
      async list(params: ListParams = {}) {
        return parse(await call("GET", withQuery("/api/courses", params)), z.array(courseSchema), "course list");
      },
      /** Every course's title and slug, for the registration form's select. */
      async options() {
        const path = withQuery("/api/courses", { limit: 100, project: "title,slug" });
        return parse(await call("GET", path), z.array(courseOptionSchema), "course options");
      },
      async get(id: string) {
        return parse(await call("GET", `/api/courses/${encodeURIComponent(id)}`), courseSchema, "course");
      },
      async create(item: Record<string, unknown>) {
        return parse(await call("POST", "/api/courses", { json: item }), courseSchema, "course create");
      },
      async update(id: string, item: Record<string, unknown>) {
        return parse(await call("PATCH", `/api/courses/${encodeURIComponent(id)}`, { json: item }), courseSchema, "course update");
      },
    },

    posts: {
      async list(params: ListParams & { postType?: PostType } = {}) {
        return parse(await call("GET", withQuery("/api/post", params)), z.array(postListItemSchema), "post list");
      },
    },

    articles: {
      async get(id: string) {
        return parse(await call("GET", `/api/articles/${encodeURIComponent(id)}`), articleSchema, "article");
      },
      async create(item: Record<string, unknown>) {
        return parse(await call("POST", "/api/articles", { json: item }), articleSchema, "article create");
      },
      async update(id: string, item: Record<string, unknown>) {
        return parse(await call("PATCH", `/api/articles/${encodeURIComponent(id)}`, { json: item }), articleSchema, "article update");
      },
    },

    jobs: {
      async get(id: string) {
        return parse(await call("GET", `/api/jobs/${encodeURIComponent(id)}`), jobSchema, "job");
      },
      async create(item: Record<string, unknown>) {
        return parse(await call("POST", "/api/jobs", { json: item }), jobSchema, "job create");
      },
      async update(id: string, item: Record<string, unknown>) {
        return parse(await call("PATCH", `/api/jobs/${encodeURIComponent(id)}`, { json: item }), jobSchema, "job update");
      },
    },

    drafts: {
      /** The saved draft of this type, or null when there is none (204). */
      async get(type: DraftType) {
        const response = await call("GET", `/api/draft/${type}`);
        if (response.status === 204) return null;
        return parse(response, draftSchema, "draft");
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

    applicants: {
      /** Stores applicant files privately; answers their public ids. */
      async uploadFiles(group: "idCards" | "certificate", files: File[]) {
        const form = new FormData();
        form.set("group", group);
        for (const f of files) form.append("file", f);
        return parse(await call("POST", "/api/applicant/files", { multipart: form }), z.array(storedFileSchema), "applicant files");
      },
      async submit(fields: Record<string, string | string[]>) {
        await call("POST", "/api/applicant", { form: fields });
      },
      async list(params: ListParams = {}) {
        return parse(await call("GET", withQuery("/api/applicants", params)), z.array(applicantSchema), "applicant list");
      },
      async get(id: string) {
        return parse(await call("GET", `/api/applicants/${encodeURIComponent(id)}`), applicantDetailSchema, "applicant");
      },
      /** A private file, streamed for staff only (the API answers 401 otherwise). */
      async file(publicId: string) {
        return call("GET", `/api/files/${publicId.split("/").map(encodeURIComponent).join("/")}`);
      },
    },
  };
}

export type Upstream = ReturnType<typeof upstream>;

export { forwardToApi } from "./forward.server";
