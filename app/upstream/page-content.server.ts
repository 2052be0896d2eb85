import { z } from "zod";

import type { PageContent } from "@domain/page-content";
import { DEFAULT_PAGE_CONTENT } from "@domain/page-content-defaults";

import { cachedPublicRead } from "./read-cache.server";
import { type Body, parse, send } from "./transport.server";

// The home page's content blocks as the web tier reads and writes them (docs/decisions/070). The
// home and about loaders read them through `pageContentFor`, from the read cache, which a save
// empties on every instance (api/lib/content-relay.ts), as the settings' (docs/decisions/060).

const line = z.string();
/** An uploaded image's id, or "" (docs/decisions/085). */
const image = z.string().default("");
const contentSchema = z.object({
  version: z.number(),
  faqs: z.array(z.object({ question: line, answer: line })),
  team: z.array(
    z.object({
      name: line,
      position: line,
      photo: image,
      links: z.object({ facebook: line, instagram: line, linkedin: line, x: line }),
    }),
  ),
  testimonials: z.array(z.object({ quote: line, name: line, role: line })),
  slides: z.array(
    z.object({
      title: line,
      text: line,
      image,
      button1Label: line,
      button1Link: line,
      button2Label: line,
      button2Link: line,
    }),
  ),
  features: z.array(z.object({ title: line, text: line })),
  whyUs: z.array(z.object({ title: line, intro: line, jobsText: line })),
  whyUsPoints: z.array(z.object({ point: line })),
  about: z.array(
    z.object({
      bannerText: line,
      intro: line,
      executiveSummary: line,
      mission: line,
      vision: line,
      socialText: line,
      companyDescription: line,
    }),
  ),
  aboutPillars: z.array(z.object({ title: line, text: line })),
  aboutFigures: z.array(z.object({ value: line, label: line })),
});
export type StoredPageContent = z.infer<typeof contentSchema>;
const savedSchema = z.object({ version: z.number(), changed: z.array(z.string()) });
const revisionsSchema = z.object({
  revisions: z.array(
    z.object({
      version: z.number(),
      changed: z.array(z.string()),
      madeAt: z.string(),
      restoredFrom: z.number().nullable(),
      by: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
    }),
  ),
});

/** The blocks this process last read from the API. */
let lastRead: StoredPageContent | undefined;

/** THE web tier's reader of the page content: the home and about pages' loaders and the staff page. */
export async function pageContentFor(request: Request): Promise<StoredPageContent> {
  try {
    lastRead = await cachedPublicRead("/api/page-content", async () =>
      parse(await send(request, [], "GET", "/api/page-content"), contentSchema, "page content"),
    );
    return lastRead;
  } catch (error) {
    // An API that cannot answer now must not take the home page down with it: the last blocks
    // read stand in, else the seeded ones (docs/product.md §8: the page still renders).
    console.error("[page-content] read failed; using the last known", error instanceof Error ? error.message : error);
    return lastRead ?? { version: 0, ...DEFAULT_PAGE_CONTENT };
  }
}

type Call = (method: string, path: string, body?: Body) => Promise<Response>;

/** An Editor's or Admin's calls (upstream(request).pageContent): save, history, restore. */
export const pageContentClient = (call: Call) => ({
  async save(blocks: Partial<PageContent>) {
    return parse(await call("PUT", "/api/page-content", { json: blocks }), savedSchema, "page content save");
  },
  async revisions(before?: number) {
    const path = before ? `/api/page-content/revisions?before=${before}` : "/api/page-content/revisions";
    return (await parse(await call("GET", path), revisionsSchema, "page content revisions")).revisions;
  },
  async restore(version: number) {
    return parse(
      await call("POST", `/api/page-content/revisions/${version}/restore`),
      savedSchema,
      "page content restore",
    );
  },
});
