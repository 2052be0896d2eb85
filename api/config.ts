import path from "node:path";

import { z } from "zod";

import { RETENTION_DEFAULTS, type RetentionSettings } from "@domain/retention";

// Every variable the API reads, checked once at start: a bad value fails loudly here.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // Demo mode (the quick start): the demo staff login and demo content. Off unless asked for.
  DEMO: z.enum(["0", "1"]).default("0"),
  DATA_DIR: z.string().default("data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  SQLITE_PATH: z.string().optional(),
  // Where uploaded originals are kept (api/storage/originals.ts); unset: disk on SQLite, the
  // database on PostgreSQL, so several instances share them (docs/deploy.md).
  FILE_STORE: z.enum(["disk", "database"]).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Unset: the address the server itself listens on, so the demo's mailed links work on any PORT.
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  // The age key(s) backups are encrypted to (scripts/backup.ts); read here only for the Admins'
  // launch checklist (api/lib/settings.ts), which asks for it until set.
  BACKUP_AGE_RECIPIENT: z.string().optional(),
  // The first run's setup code (api/lib/setup.ts), instead of one printed to the log at start.
  SETUP_TOKEN: z.string().min(12, "SETUP_TOKEN must be at least 12 characters").max(200).optional(),
  // Production refuses to start without SMTP_URL unless told that mail written to files is meant
  // (the quick start's demo); and with a PUBLIC_URL that is not https unless told so (a site tried
  // on http://localhost). docs/deploy.md, "Settings checked at start".
  MAIL_TO_FILES: z.enum(["0", "1"]).default("0"),
  ALLOW_HTTP_PUBLIC_URL: z.enum(["0", "1"]).default("0"),
  // GET /metrics (docs/deploy.md, "Metrics"): the client addresses it answers, comma-separated,
  // and a bearer token that opens it from anywhere (24+ characters). Unset: loopback only.
  METRICS_ALLOW: z.string().default("127.0.0.1,::1"),
  METRICS_TOKEN: z.string().min(24, "METRICS_TOKEN must be at least 24 characters").optional(),
  // The request log's level (api/request-log.ts): "info" logs every request, "error" only failures.
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
  // The mail's identity (docs/decisions/095-mail-identity-from-settings.md): the sender's address
  // (its name is the academy's, from Settings); the academy's inbox for staff notices (unset: the
  // e-mail saved in Settings); where an applicant's reply goes (unset: the academy's inbox).
  // Production refuses `.local` addresses unless told they are meant (the quick start, the tests).
  MAIL_FROM: z
    .string()
    .max(320)
    .refine((v) => mailAddressOf(v) !== undefined, "MAIL_FROM must be an address, or Name <address>")
    .default("no-reply@academy.local"),
  ACADEMY_INBOX: z.email().optional(),
  ADMISSIONS_INBOX: z.email().optional(),
  ALLOW_LOCAL_MAIL_ADDRESSES: z.enum(["0", "1"]).default("0"),
  // The mail queue (docs/decisions/043-durable-mail-queue.md): the wait after a first failed
  // attempt (doubling after each, up to a day), and how long a worker holds a mail it is sending
  // before another may take it over (longer than any SMTP attempt can last).
  MAIL_RETRY_SECONDS: z.coerce.number().positive().default(60),
  MAIL_LEASE_SECONDS: z.coerce.number().min(2).default(300),
  CLOUDINARY_URL: z
    .string()
    .regex(/^cloudinary:\/\/[^:]+:[^@]+@.+$/, "CLOUDINARY_URL must look like cloudinary://key:secret@cloud")
    .optional(),
  // Addresses of reverse proxies (nginx on 127.0.0.1, or the web tier of another deployment
  // calling this API over HTTP) whose X-Forwarded-For is believed; comma-separated; none by default.
  TRUSTED_PROXIES: z.string().default(""),
  // Multiplies every rate limit's allowance (docs/security.md); the browser suite raises it, as
  // its one test machine plays many visitors.
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  // 1 when nginx's page micro-cache is in front (deploy/nginx.conf): public pages say how long
  // it may keep them, and content writes answer once it holds nothing older (api/lib/proxy-cache.ts).
  PROXY_PAGE_CACHE: z.enum(["0", "1"]).default("0"),
  // Visit counts (docs/decisions/064-cookie-free-visit-counts.md): "0" counts nothing (the bench
  // compares the home page with counting on and off); counts wait in memory this many seconds
  // between writes.
  VISIT_COUNTING: z.enum(["0", "1"]).default("1"),
  VISIT_FLUSH_SECONDS: z.coerce.number().min(0.2).max(300).default(5),
  // Hours an applicant's file waits for its form before the sweep removes it (docs/security.md).
  UNCLAIMED_HOURS: z.coerce.number().positive().max(24).default(2),
  // The web tier's form secret (app/utils/env.server.ts requires it in production and on
  // PostgreSQL); the API derives the registration's upload-token key from it (api/upload-token.ts).
  HONEYPOT_SECRET: z.string().min(16).optional(),
  // The retention schedule (docs/product.md, "Retention"; docs/decisions/034-retention-and-rights.md),
  // in days; defaults in domain/retention.ts.
  RETAIN_FILES_AFTER_CLOSED_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(RETENTION_DEFAULTS.filesAfterClosedDays),
  RETAIN_FILES_AFTER_ENROLLED_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(RETENTION_DEFAULTS.filesAfterEnrolledDays),
  RETAIN_APPLICANTS_DAYS: z.coerce.number().int().min(30).max(7300).default(RETENTION_DEFAULTS.applicantAfterDays),
  RETAIN_MESSAGES_DAYS: z.coerce.number().int().min(30).max(7300).default(RETENTION_DEFAULTS.messagesAfterDays),
  // The certificates' signing key, a PEM file outside DATA_DIR made by `npm run credential-key`
  // (docs/decisions/059-credential-signing-key.md); unset: certificates carry no signed credential.
  CREDENTIAL_KEY_FILE: z.string().optional(),
  // Paying online (docs/decisions/062-the-server-decides-money-arrived.md): Paystack's secret key
  // (never shown, never logged); without it the online option is hidden. The API's address, so a
  // test can serve Paystack's documented calls on this machine (tests/support/paystack.ts).
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_[A-Za-z0-9]+$/, "PAYSTACK_SECRET_KEY must look like sk_test_… or sk_live_…")
    .optional(),
  PAYSTACK_BASE_URL: z.url().default("https://api.paystack.co"),
});

/** The address in "Name <address>" or a bare address, or undefined when there is none. */
export function mailAddressOf(value: string): string | undefined {
  const address = (/<([^<>]+)>\s*$/.exec(value)?.[1] ?? value).trim();
  return z.email().safeParse(address).success ? address : undefined;
}

export type ApiConfig = Omit<z.infer<typeof schema>, "PUBLIC_URL"> & {
  PUBLIC_URL: string;
  /** MAIL_FROM's address alone: the sender's name is the academy's (api/mail/transport.ts). */
  mailFromAddress: string;
  dataDir: string;
  sqlitePath: string;
  secureCookies: boolean;
  isProduction: boolean;
  trustedProxies: Set<string>;
  metricsAllow: Set<string>;
  demo: boolean;
  proxyPageCache: boolean;
  retention: RetentionSettings;
};

export function readConfig(env: NodeJS.ProcessEnv): ApiConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  // The credential key is never in what backups copy (docs/decisions/059-credential-signing-key.md).
  if (parsed.data.CREDENTIAL_KEY_FILE && path.resolve(parsed.data.CREDENTIAL_KEY_FILE).startsWith(dataDir + path.sep))
    throw new Error("Invalid environment:\nCREDENTIAL_KEY_FILE: must be outside DATA_DIR (backups copy DATA_DIR)");
  return {
    ...parsed.data,
    PUBLIC_URL: (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/$/, ""),
    mailFromAddress: mailAddressOf(parsed.data.MAIL_FROM)!,
    dataDir,
    sqlitePath: path.resolve(parsed.data.SQLITE_PATH ?? path.join(dataDir, "academy.db")),
    secureCookies: parsed.data.NODE_ENV === "production",
    isProduction: parsed.data.NODE_ENV === "production",
    trustedProxies: new Set(
      parsed.data.TRUSTED_PROXIES.split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    metricsAllow: new Set(
      parsed.data.METRICS_ALLOW.split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    demo: parsed.data.DEMO === "1",
    proxyPageCache: parsed.data.PROXY_PAGE_CACHE === "1",
    retention: {
      filesAfterClosedDays: parsed.data.RETAIN_FILES_AFTER_CLOSED_DAYS,
      filesAfterEnrolledDays: parsed.data.RETAIN_FILES_AFTER_ENROLLED_DAYS,
      applicantAfterDays: parsed.data.RETAIN_APPLICANTS_DAYS,
      messagesAfterDays: parsed.data.RETAIN_MESSAGES_DAYS,
    },
  };
}

let current: ApiConfig | undefined;
export function config(): ApiConfig {
  current ??= readConfig(process.env);
  return current;
}
