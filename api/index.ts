import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";

import type { ItemType } from "@domain/items";

import { currentRequestId } from "./client-ip";
import { startHousekeeping } from "./housekeeping";
import { type Env, refuseCrossSite, withDb } from "./http";
import { watchServerLifecycle } from "./instance";
import { publishContentChange } from "./lib/content-events";
import { loggableError } from "./lib/error-log";
import { knowApiRoutes } from "./lib/metrics";
import { outlastProxiedPages } from "./lib/proxy-cache";
import { rearmScheduleWatch, startScheduleWatch } from "./lib/schedule-watch";
import { recordServerError } from "./lib/server-errors";
import { isStorageFull } from "./lib/storage-full";
import { startTrashSweep } from "./lib/trash";
import { LimitedError } from "./limits";
import { startMailWorker } from "./mail/queue";
import { apiMessages } from "./messages";
import { loggedPath, startRequestLog } from "./request-log";
import { account } from "./routes/account";
import { applicantExports } from "./routes/applicant-exports";
import { applicantFiles } from "./routes/applicant-files";
import { applicants } from "./routes/applicants";
import { application } from "./routes/application";
import { auth } from "./routes/auth";
import { certificates } from "./routes/certificates";
import { contact } from "./routes/contact";
import { courses } from "./routes/courses";
import { desk } from "./routes/desk";
import { drafts } from "./routes/drafts";
import { health } from "./routes/health";
import { images } from "./routes/images";
import { insights } from "./routes/insights";
import { intakeMessages } from "./routes/intake-messages";
import { intakes } from "./routes/intakes";
import { jobAlerts } from "./routes/job-alerts";
import { legalTextRoutes } from "./routes/legal-texts";
import { mailQueue } from "./routes/mail-queue";
import { pageContentRoutes } from "./routes/page-content";
import { payments } from "./routes/payments";
import { posts } from "./routes/posts";
import { privacy } from "./routes/privacy";
import { registration } from "./routes/registration";
import { revisions } from "./routes/revisions";
import { securityLog } from "./routes/security-log";
import { serverErrors } from "./routes/server-errors";
import { settings } from "./routes/settings";
import { setup } from "./routes/setup";
import { sitemap } from "./routes/sitemap";
import { invitations, staff } from "./routes/staff";
import { trash } from "./routes/trash";
import { startVisitCounting } from "./visit-count";

watchServerLifecycle();
startRequestLog();
startVisitCounting();

const app = new Hono<Env>().basePath("/api");

app.use("*", async (c, next) => {
  await next();
  c.header("x-content-type-options", "nosniff");
  if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
});
app.use("*", refuseCrossSite);
app.use("*", withDb);
app.use("*", async (_c, next) => {
  startHousekeeping();
  startMailWorker();
  await next();
});

// Every successful write to public content tells the readers that keep copies (the web tier's
// read cache): create, update, publish, delete of courses, articles and jobs. Behind nginx's page
// cache the answer waits until nginx has dropped every page read before the write.
const CONTENT_PATH = /^\/api\/(course|article|job)s(\/|$)/;
app.use("*", async (c, next) => {
  await next();
  const kind = CONTENT_PATH.exec(c.req.path)?.[1] as ItemType | undefined;
  if (kind && c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 300) {
    publishContentChange({ kind, method: c.req.method, path: c.req.path });
    await outlastProxiedPages();
  }
});

// The trash's 30-day purge and the schedule's watch start with the first call (docs/product.md §4);
// a content write may change the next scheduled time, so the watch looks again after each.
app.use("*", async (c, next) => {
  startTrashSweep();
  startScheduleWatch();
  await next();
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 300 && CONTENT_PATH.test(c.req.path)) {
    await rearmScheduleWatch().catch((error) =>
      console.error("[schedule] watch failed", JSON.stringify(loggableError(error))),
    );
  }
});

app.route("/auth", auth);
app.route("/account", account);
app.route("/staff", staff);
app.route("/invitations", invitations);
app.route("/security-log", securityLog);
app.route("/settings", settings);
app.route("/page-content", pageContentRoutes);
app.route("/legal", legalTextRoutes);
app.route("/setup", setup);
app.route("/draft", drafts);
app.route("/health", health);
app.route("/contact", contact);
app.route("/job-alerts", jobAlerts);
app.route("/images", images);
app.route("/mail-queue", mailQueue);
app.route("/insights", insights);
app.route("/desk", desk);
app.route("/server-errors", serverErrors);
app.route("/", registration);
app.route("/", applicantExports);
app.route("/", applicantFiles);
app.route("/", applicants);
app.route("/", application);
app.route("/", courses);
app.route("/", intakes);
app.route("/", intakeMessages);
app.route("/", posts);
app.route("/", revisions);
app.route("/", sitemap);
app.route("/", trash);
app.route("/", privacy);
app.route("/", certificates);
app.route("/", payments);

app.notFound((c) => c.text("Not found", 404));
app.onError((error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  if (error instanceof LimitedError) {
    return c.text(error.message, 429, { "retry-after": String(error.retryAfter), "cache-control": "no-store" });
  }
  // A full disk or database refuses the write whole (a transaction rolled back, a file written aside
  // and removed): the visitor is told so and keeps the form as typed (docs/deploy.md, "Disk full").
  if (isStorageFull(error)) {
    console.error("[api] storage full", JSON.stringify({ method: c.req.method, path: loggedPath(c.req.path) }));
    return c.text(apiMessages.storageFull, 507, { "cache-control": "no-store" });
  }
  recordServerError(error);
  // JSON-encoded: a path is the client's text, and must not start a log line of its own; the error
  // without what it quotes of a visitor, and the path without a link's token (docs/security.md, "Logs").
  console.error(
    "[api]",
    JSON.stringify({
      reqId: currentRequestId(),
      method: c.req.method,
      path: loggedPath(c.req.path),
      error: loggableError(error),
    }),
  );
  return c.text("Something went wrong on our side. Please try again.", 500);
});

knowApiRoutes(app.routes.map((r) => r.path));

/** Every registered route (method, path, handlers), for the role contract test (tests/api/roles.test.ts). */
export const apiRoutes = () => app.routes;

/** The academy API as one web-standard handler: Request in, Response out. */
export function handleApiRequest(request: Request): Promise<Response> {
  return Promise.resolve(app.fetch(request));
}
