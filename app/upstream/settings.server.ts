import { z } from "zod";

import { lagosDate } from "@domain/schedule";
import { announcementOn, settingsView, type SiteSettings, type StoredSettings } from "@domain/settings";
import { DEFAULT_SETTINGS } from "@domain/settings-defaults";

import { cachedPublicRead } from "./read-cache.server";
import { type Body, parse, send, UpstreamError } from "./transport.server";

// The academy's settings as the web tier reads and writes them (docs/decisions/060). Every page
// reads them through `siteSettingsFor`, from the read cache, which a settings save empties on
// every instance (api/lib/content-relay.ts): so pages cost no API call for them between saves.

// The API's answer is its own in-process value: checked for its shape's outline, not field by field.
const settingsSchema = z.custom<SiteSettings>(
  (v) => !!v && typeof v === "object" && "contact" in v && "payments" in v && "socials" in v,
);
const savedSchema = z.object({ version: z.number(), changed: z.array(z.string()), settings: settingsSchema });
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
const checklistSchema = z.object({
  items: z.array(z.object({ key: z.string(), detail: z.string().optional() })),
  mail: z.object({ name: z.string(), from: z.string(), inbox: z.string().nullable(), replyTo: z.string().nullable() }),
});
export type Checklist = z.infer<typeof checklistSchema>;
export type SettingsRevision = z.infer<typeof revisionsSchema>["revisions"][number];

/**
 * THE web tier's reader of the academy's settings: the root loader puts them in every page's
 * data (app/hooks/use-settings.ts reads them there), and loaders and actions that
 * need them server-side call this.
 */
export async function siteSettingsFor(request: Request): Promise<SiteSettings> {
  try {
    lastRead = await cachedPublicRead("/api/settings", async () =>
      parse(await send(request, [], "GET", "/api/settings"), settingsSchema, "settings"),
    );
    return lastRead;
  } catch (error) {
    // Every page reads them: an API that cannot answer now (busy, limited, restarting) must not
    // turn every page into an error. The last settings read stand in, else the defaults with the
    // sample bank account withheld (never shown for real details).
    console.error("[settings] read failed; using the last known", error instanceof Error ? error.message : error);
    return lastRead ?? settingsView(DEFAULT_SETTINGS, 0, { withholdSample: true });
  }
}

/** The bank account applicants pay the fee into: only the pages that show it carry it. */
export type BankAccount = Pick<SiteSettings["payments"], "bankName" | "accountName" | "accountNumber">;

/**
 * The settings every page's data carries (the root loader): all but the bank account, which only
 * the registration form, the thank-you screen and the status page show, and carry in their own
 * data as `bankAccount` (app/hooks/use-settings.ts puts it back; docs/decisions/097).
 */
export const pageSettings = (settings: SiteSettings): SiteSettings => ({
  ...settings,
  payments: { ...settings.payments, bankName: "", accountName: "", accountNumber: "" },
});

/** The account for a page that shows it; none while it is withheld (the sample, in production). */
export function bankAccountOf(settings: SiteSettings): BankAccount | null {
  if (settings.bankWithheld) return null;
  const { bankName, accountName, accountNumber } = settings.payments;
  return { bankName, accountName, accountNumber };
}

/**
 * Today's announcement (Lagos), or none: computed here, on the server, so the root's script does
 * not import the settings module and everything its chunk carries (docs/decisions/045).
 */
export const todaysAnnouncement = (settings: SiteSettings) => announcementOn(settings, lagosDate());

/** The settings this process last read from the API. */
let lastRead: SiteSettings | undefined;

type Call = (method: string, path: string, body?: Body) => Promise<Response>;

/** The Admin's calls (upstream(request).settings): save, history, restore. */
export const settingsClient = (call: Call) => ({
  async save(value: StoredSettings) {
    return parse(await call("PUT", "/api/settings", { json: value }), savedSchema, "settings save");
  },
  async revisions(before?: number) {
    const path = before ? `/api/settings/revisions?before=${before}` : "/api/settings/revisions";
    return (await parse(await call("GET", path), revisionsSchema, "settings revisions")).revisions;
  },
  async checklist() {
    return parse(await call("GET", "/api/settings/checklist"), checklistSchema, "launch checklist");
  },
  /** Whether the first run's setup is open (a production site without any staff account). */
  async setupNeeded() {
    try {
      await (await call("GET", "/api/setup")).body?.cancel();
      return true;
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) return false;
      throw error;
    }
  },
  async completeSetup(input: { code: string; academyName: string; name: string; email: string; password: string }) {
    await (await call("POST", "/api/setup", { json: input })).body?.cancel();
  },
  async restore(version: number) {
    return parse(await call("POST", `/api/settings/revisions/${version}/restore`), savedSchema, "settings restore");
  },
});
