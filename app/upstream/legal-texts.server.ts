import { z } from "zod";

import { DEFAULT_LEGAL_TEXTS } from "@domain/legal-defaults";
import type { LegalDocName, StoredLegal, TypedLegal } from "@domain/legal-texts";

import { cachedPublicRead } from "./read-cache.server";
import { type Body, parse, send } from "./transport.server";

// The privacy notice and the terms as the web tier reads and writes them (docs/decisions/071). The
// legal pages read them through `legalTextFor`, from the read cache, which a save empties on every
// instance (api/lib/content-relay.ts), as the page content's (docs/decisions/070).

const versionSchema = z.object({ version: z.number(), effective: z.string(), fingerprint: z.string() });
const legalSchema = z.object({
  version: z.number(),
  intro: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  versions: z.array(versionSchema).min(1),
});
const savedSchema = z.object({ changed: z.array(z.string()), version: z.number() });
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

/** The texts this process last read from the API. */
const lastRead = new Map<LegalDocName, StoredLegal>();

/** THE web tier's reader of a legal text: its page's loader and the Admin's page. */
export async function legalTextFor(request: Request, name: LegalDocName): Promise<StoredLegal> {
  try {
    const doc = await cachedPublicRead(`/api/legal/${name}`, async () =>
      parse(await send(request, [], "GET", `/api/legal/${name}`), legalSchema, "legal text"),
    );
    lastRead.set(name, doc);
    return doc;
  } catch (error) {
    // An API that cannot answer now must not take the page down with it: the last words read
    // stand in, else the seeded ones (docs/product.md §8: the page still renders).
    console.error("[legal-texts] read failed; using the last known", error instanceof Error ? error.message : error);
    return lastRead.get(name) ?? DEFAULT_LEGAL_TEXTS[name];
  }
}

type Call = (method: string, path: string, body?: Body) => Promise<Response>;

/** An Admin's calls (upstream(request).legalTexts): save, history, restore. */
export const legalTextsClient = (call: Call) => ({
  async save(name: LegalDocName, words: TypedLegal) {
    return parse(await call("PUT", `/api/legal/${name}`, { json: words }), savedSchema, "legal text save");
  },
  async revisions(name: LegalDocName, before?: number) {
    const path = `/api/legal/${name}/revisions${before ? `?before=${before}` : ""}`;
    return (await parse(await call("GET", path), revisionsSchema, "legal text revisions")).revisions;
  },
  async restore(name: LegalDocName, version: number) {
    return parse(
      await call("POST", `/api/legal/${name}/revisions/${version}/restore`),
      savedSchema,
      "legal text restore",
    );
  },
});
