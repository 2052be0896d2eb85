import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { withDb, type Env } from "./http";
import { applicants } from "./routes/applicants";
import { auth } from "./routes/auth";
import { contact } from "./routes/contact";
import { content } from "./routes/content";
import { drafts } from "./routes/drafts";
import { images } from "./routes/images";

const app = new Hono<Env>().basePath("/api");

app.use("*", async (c, next) => {
  await next();
  c.header("x-content-type-options", "nosniff");
  if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
});
app.use("*", withDb);

app.route("/auth", auth);
app.route("/draft", drafts);
app.route("/contact", contact);
app.route("/images", images);
app.route("/", applicants);
app.route("/", content);

app.notFound((c) => c.text("Not found", 404));
app.onError((error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  console.error("[api]", c.req.method, c.req.path, error);
  return c.text("Something went wrong on our side. Please try again.", 500);
});

/** The academy API as one web-standard handler: Request in, Response out. */
export function handleApiRequest(request: Request): Promise<Response> {
  return Promise.resolve(app.fetch(request));
}
