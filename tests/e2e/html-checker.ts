import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

import type { APIRequestContext } from "@playwright/test";

import { expect } from "./fixtures";

// The vnu-jar package exports the path of its vnu.jar.
const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;

type VnuMessage = { type: string; url?: string; lastLine?: number; message: string; extract?: string };

/** The server's HTML of a page, with the status it is expected to answer with. */
export async function serverHtml(request: APIRequestContext, url: string, status = 200) {
  const response = await request.get(url, { headers: { accept: "text/html" } });
  expect(response.status(), `${url} answered ${response.status()}`).toBe(status);
  expect(response.headers()["content-type"]).toContain("text/html");
  return response.text();
}

/**
 * Runs the Nu HTML Checker (vnu.jar, which needs Java) once over all the pages and returns
 * every error, one line each, naming the page: an empty list is valid HTML.
 */
export async function htmlErrors(pages: Record<string, string>): Promise<string[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "vnu-"));
  try {
    const files = await Promise.all(
      Object.entries(pages).map(async ([name, html]) => {
        const file = path.join(dir, `${name.replace(/[^a-z0-9-]+/gi, "_")}.html`);
        await fs.writeFile(file, html);
        return file;
      }),
    );
    const stderr = await new Promise<string>((resolve, reject) => {
      // vnu exits 1 when it finds errors; its JSON report goes to stderr either way.
      execFile(
        "java",
        ["-jar", vnuJar, "--errors-only", "--format", "json", ...files],
        { maxBuffer: 32 * 1024 * 1024 },
        (error, _stdout, err) => {
          if (error && !err.trim().startsWith("{")) reject(new Error(`vnu.jar failed: ${error.message}\n${err}`));
          else resolve(err);
        },
      );
    });
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
    return messages
      .filter((m) => m.type === "error" || m.type === "non-document-error")
      .map(
        (m) =>
          `${path.basename(m.url ?? "?")}:${m.lastLine ?? "?"} ${m.message}${m.extract ? ` — ${m.extract.replace(/\s+/g, " ").trim()}` : ""}`,
      );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
