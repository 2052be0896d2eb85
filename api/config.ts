import path from "node:path";
import { z } from "zod";

// Every variable the API reads, checked once at start: a bad value fails loudly here.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().default("data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  SQLITE_PATH: z.string().optional(),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Academy <no-reply@academy.local>"),
  ACADEMY_INBOX: z.email().default("admissions@academy.local"),
  CLOUDINARY_URL: z
    .string()
    .regex(/^cloudinary:\/\/[^:]+:[^@]+@.+$/, "CLOUDINARY_URL must look like cloudinary://key:secret@cloud")
    .optional(),
});

export type ApiConfig = z.infer<typeof schema> & {
  dataDir: string;
  sqlitePath: string;
  secureCookies: boolean;
  isProduction: boolean;
};

function readConfig(env: NodeJS.ProcessEnv): ApiConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    sqlitePath: path.resolve(parsed.data.SQLITE_PATH ?? path.join(dataDir, "academy.db")),
    secureCookies: parsed.data.NODE_ENV === "production",
    isProduction: parsed.data.NODE_ENV === "production",
  };
}

let current: ApiConfig | undefined;
export function config(): ApiConfig {
  current ??= readConfig(process.env);
  return current;
}
