import { DEFAULT_PAGE_CONTENT } from "@domain/page-content-defaults";
import { settingsView, type SiteSettings, SOCIAL_NETWORKS, type StoredSettings } from "@domain/settings";
import { DEFAULT_SETTINGS } from "@domain/settings-defaults";
import { changedFields } from "@domain/settings-rules";

import { config } from "../config";
import { type DB, getDb } from "../db";
import { academyInbox, admissionsAddress } from "../mail";
import { onContentChange, publishContentChange } from "./content-events";
import { pageContent } from "./page-content";
import { isLocalAddress } from "./start-checks";
import { saveVersion } from "./versioned-value";

// The academy's settings (docs/decisions/060-settings-and-how-cached-pages-learn-of-a-change.md).
// Every page and mail reads them, so they are read from the database once and kept in memory;
// a save publishes a "settings" content change, which empties this copy and the web tier's read
// cache here and, through the PostgreSQL relay (api/lib/content-relay.ts), on every other
// instance; a relay that reconnects empties everything too. So a page never costs a query for them.

export const SITE_SETTINGS = "site";

type Loaded = { stored: StoredSettings; version: number };
let cached: Promise<Loaded> | undefined;

onContentChange((change) => {
  if (change.kind === "settings" || change.method === "LISTEN") cached = undefined;
});

/** A stored value with any field it lacks (one added since it was saved) taken from the defaults. */
function withDefaults(value: unknown): StoredSettings {
  const v = (value ?? {}) as Partial<StoredSettings>;
  const d = DEFAULT_SETTINGS;
  return {
    contact: { ...d.contact, ...v.contact },
    payments: { ...d.payments, ...v.payments },
    social: { ...d.social, ...v.social },
    dataProtection: { ...d.dataProtection, ...v.dataProtection },
    announcement: { ...d.announcement, ...v.announcement },
    admissions: { ...d.admissions, ...v.admissions },
  };
}

async function load(db: DB): Promise<Loaded> {
  const row = await db
    .selectFrom("site_settings")
    .select(["value", "version"])
    .where("name", "=", SITE_SETTINGS)
    .executeTakeFirst();
  return row
    ? { stored: withDefaults(JSON.parse(row.value)), version: Number(row.version) }
    : { stored: DEFAULT_SETTINGS, version: 0 };
}

/** Whether applicants may be shown the sample bank account: only outside production, or in the demo. */
const withholdSample = () => config().isProduction && !config().demo;

/**
 * The academy's settings as every page, mail and structured data uses them: the one reader on
 * the API side (the web tier's is app/upstream/settings.server.ts). From memory after the first call.
 */
export async function siteSettings(): Promise<SiteSettings> {
  if (!cached) {
    const pending = getDb().then(load);
    cached = pending;
    pending.catch(() => {
      if (cached === pending) cached = undefined;
    });
  }
  const { stored, version } = await cached;
  return settingsView(stored, version, { withholdSample: withholdSample() });
}

export type SettingsSave = { version: number; changed: string[] };

/**
 * Saves a checked value as the next version, in one transaction that first locks the row, so two
 * Admins saving at once each become a version and neither is lost. The defaults become version 0
 * at the first save, so they can be restored too. Nothing changed: nothing written.
 */
export async function saveSettings(
  db: DB,
  value: StoredSettings,
  userId: string,
  restoredFrom: number | null = null,
): Promise<SettingsSave> {
  const store = {
    table: "site_settings",
    revisions: "settings_revisions",
    name: SITE_SETTINGS,
    seed: JSON.stringify(DEFAULT_SETTINGS),
  } as const;
  const result = await saveVersion(
    db,
    store,
    (stored) => ({ value: JSON.stringify(value), changed: changedFields(withDefaults(JSON.parse(stored)), value) }),
    userId,
    restoredFrom,
  );
  if (result.changed.length) {
    cached = undefined;
    publishContentChange({ kind: "settings", method: "PUT", path: "/api/settings" });
  }
  return result;
}

/** A stored revision's value, or undefined. */
export async function settingsRevision(db: DB, version: number) {
  const row = await db
    .selectFrom("settings_revisions")
    .select(["value", "version"])
    .where("name", "=", SITE_SETTINGS)
    .where("version", "=", version)
    .executeTakeFirst();
  return row ? withDefaults(JSON.parse(row.value)) : undefined;
}

export const REVISIONS_PAGE = 20;

/** The revisions newest first, a page at a time by version (one index range). */
export async function settingsRevisions(db: DB, before?: number) {
  let q = db
    .selectFrom("settings_revisions")
    .leftJoin("users", "users.id", "settings_revisions.made_by")
    .select([
      "settings_revisions.version",
      "settings_revisions.changed",
      "settings_revisions.made_at",
      "settings_revisions.restored_from",
      "users.name as by_name",
      "users.email as by_email",
    ])
    .where("settings_revisions.name", "=", SITE_SETTINGS);
  if (before !== undefined) q = q.where("settings_revisions.version", "<", before);
  const rows = await q.orderBy("settings_revisions.version", "desc").limit(REVISIONS_PAGE).execute();
  return rows.map((r) => ({
    version: Number(r.version),
    changed: r.changed ? r.changed.split(",") : [],
    madeAt: r.made_at,
    restoredFrom: r.restored_from === null ? null : Number(r.restored_from),
    by: r.by_name ? { name: r.by_name, email: r.by_email } : null,
  }));
}

/**
 * Who the academy's mail comes from and where its notices and replies go, as the checklist shows
 * them (docs/decisions/095-mail-identity-from-settings.md).
 */
export async function mailIdentity() {
  const settings = await siteSettings();
  return {
    name: settings.contact.academyName,
    from: config().mailFromAddress,
    inbox: academyInbox(settings) ?? null,
    replyTo: admissionsAddress(settings) ?? null,
  };
}

/** What is still to do before launch (docs/product.md, "Launch checklist"): empty once all is done. */
export async function launchChecklist(db: DB) {
  const { SMTP_URL, BACKUP_AGE_RECIPIENT, PUBLIC_URL, CREDENTIAL_KEY_FILE, mailFromAddress } = config();
  const settings = await siteSettings();
  const admins = await db
    .selectFrom("users")
    .select("name")
    .where("role", "=", "admin")
    .where("deactivated_at", "is", null)
    .where("totp_enabled_at", "is", null)
    .where("is_demo", "=", 0)
    .orderBy("name")
    .limit(20)
    .execute();
  const items: { key: string; detail?: string }[] = [];
  if (settings.sampleBank) items.push({ key: "sampleBank" });
  if (!SMTP_URL) items.push({ key: "noSmtp" });
  if (!BACKUP_AGE_RECIPIENT) items.push({ key: "noBackupRecipient" });
  if (!PUBLIC_URL.startsWith("https://")) items.push({ key: "publicUrlNotHttps" });
  if (admins.length) items.push({ key: "adminWithoutTwoFactor", detail: admins.map((a) => a.name).join(", ") });
  if (!settings.dataProtection.contactEmail) items.push({ key: "privacyContactUnset" });
  // The mail's identity (docs/decisions/095-mail-identity-from-settings.md): the sender and the
  // inbox are named, so an Admin sees where the academy's mail comes from and goes to.
  if (isLocalAddress(mailFromAddress)) items.push({ key: "mailFromLocal", detail: mailFromAddress });
  const inbox = academyInbox(settings);
  if (!inbox) items.push({ key: "inboxUnset" });
  else if (isLocalAddress(inbox)) items.push({ key: "inboxLocal", detail: inbox });
  if (!CREDENTIAL_KEY_FILE) items.push({ key: "noCredentialKey" });
  // What still is the seed's sample: contacts and links that reach no one at this academy, and
  // invented people on the home page (docs/product.md, "Launch checklist").
  const sample = DEFAULT_SETTINGS;
  const c = settings.contact;
  if (
    c.phones.some((p) => sample.contact.phones.includes(p)) ||
    c.whatsapp === sample.contact.whatsapp ||
    c.email === sample.contact.email ||
    c.campuses.some((x) => sample.contact.campuses.some((y) => y.street === x.street))
  )
    items.push({ key: "sampleContacts" });
  if (SOCIAL_NETWORKS.some((n) => settings.social[n.key] && settings.social[n.key] === sample.social[n.key]))
    items.push({ key: "sampleSocial" });
  const { value: content } = await pageContent();
  for (const [block, key] of [
    ["team", "sampleTeam"],
    ["testimonials", "sampleTestimonials"],
    ["faqs", "sampleFaqs"],
  ] as const)
    if (content[block].length && JSON.stringify(content[block]) === JSON.stringify(DEFAULT_PAGE_CONTENT[block]))
      items.push({ key });
  return items;
}
