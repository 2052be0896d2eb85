import { z } from "zod";

// The web tier's own settings, checked once at start.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  UPSTREAM_API_URL: z.url().optional(),
  CLOUDINARY_URL: z.string().optional(),
  HONEYPOT_SECRET: z.string().min(16).optional(),
});

function readEnv() {
  const cleaned = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n")}`);
  }
  const env = parsed.data;
  const cloud = env.CLOUDINARY_URL ? new URL(env.CLOUDINARY_URL).hostname : undefined;
  return {
    ...env,
    isProduction: env.NODE_ENV === "production",
    publicUrl: env.PUBLIC_URL.replace(/\/$/, ""),
    /** Where images are delivered from: the API's own store, or the image host. */
    imageBase: cloud ? `https://res.cloudinary.com/${cloud}/image/upload` : "/api/images",
  };
}

export const env = readEnv();

/** The part of the settings the browser may see. */
export function publicEnv() {
  return { imageBase: env.imageBase };
}
