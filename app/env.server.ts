import { z } from "zod";

// The web tier's own settings, checked once at start.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Unset: the address the server itself listens on (remix-serve reads PORT), as the API does.
  PUBLIC_URL: z.url().optional(),
  UPSTREAM_API_URL: z.url().optional(),
  CLOUDINARY_URL: z.string().optional(),
  HONEYPOT_SECRET: z.string().min(16).optional(),
  // Shared with the API (api/config.ts): where the generated honeypot secret is kept outside production.
  DATA_DIR: z.string().default("data"),
  // Several instances on one PostgreSQL must seal with the same key (docs/deploy.md).
  DATABASE_URL: z.string().optional(),
  // Shared with the API (api/config.ts): the browser leaves for Paystack's checkout by a form's
  // redirect, which the pages' form-action must allow (app/utils/security.server.ts).
  PAYSTACK_BASE_URL: z.url().optional(),
});

export function readEnv(source: NodeJS.ProcessEnv = process.env) {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new Error(
      `Invalid environment:\n${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  }
  const env = parsed.data;
  // A random per-process key would turn every form opened before a restart into a silent loss.
  if (env.NODE_ENV === "production" && !env.HONEYPOT_SECRET) {
    throw new Error("Invalid environment:\nHONEYPOT_SECRET: required in production (at least 16 characters)");
  }
  // On PostgreSQL (several instances) a key generated into one instance's DATA_DIR would make
  // every form opened on another come back "send again".
  if (env.DATABASE_URL && !env.HONEYPOT_SECRET) {
    throw new Error(
      "Invalid environment:\nHONEYPOT_SECRET: required with DATABASE_URL, the same on every instance (at least 16 characters)",
    );
  }
  const cloud = env.CLOUDINARY_URL ? new URL(env.CLOUDINARY_URL).hostname : undefined;
  return {
    ...env,
    isProduction: env.NODE_ENV === "production",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    /** Where images are delivered from: the API's own store, or the image host. */
    imageBase: cloud ? `https://res.cloudinary.com/${cloud}/image/upload` : "/api/images",
    /**
     * Where "Pay online" may send the browser (docs/decisions/062-the-server-decides-money-arrived.md):
     * Paystack's checkout, and the origin of PAYSTACK_BASE_URL when it is set elsewhere (a test's stand-in).
     */
    paymentCheckoutOrigins: [
      ...new Set([
        "https://checkout.paystack.com",
        ...(env.PAYSTACK_BASE_URL ? [new URL(env.PAYSTACK_BASE_URL).origin] : []),
      ]),
    ],
  };
}

export const env = readEnv();

/** The part of the settings the browser may see. */
export function publicEnv() {
  return { imageBase: env.imageBase };
}
