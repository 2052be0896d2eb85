import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

// The docs point at files a newcomer will open: a path they name that no longer exists sends them
// nowhere. And domain/README.md is the index of the facts both tiers share: every file is in it.

const root = path.resolve(__dirname, "../..");
const GENERATED = ["public/build"];
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

function markdownFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? markdownFiles(path.join(dir, e.name)) : e.name.endsWith(".md") ? [path.join(dir, e.name)] : [],
    );
}

describe("the docs", () => {
  const docs = [...markdownFiles("docs"), "README.md", "domain/README.md", "CHANGELOG.md"];

  it.each(docs)("%s names only paths that exist", (file) => {
    // A path in backticks under one of the repository's folders; patterns (`*`, `<name>`, NNN) are not paths.
    const named = [...read(file).matchAll(/`((?:app|api|domain|tests|scripts|deploy|docs|public)\/[\w./$[\]-]+)`/g)]
      .map((m) => m[1].replace(/[.,:;]+$/, ""))
      .filter((p) => !/[*<]|NNN/.test(p))
      // What the build makes (public/build): absent from a fresh clone until it is built.
      .filter((p) => !GENERATED.some((g) => p === g || p.startsWith(`${g}/`)));
    expect(named.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([]);
  });
});

describe("domain/README.md", () => {
  it("lists every file of domain/", () => {
    const index = read("domain/README.md");
    const files = fs.readdirSync(path.join(root, "domain")).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((f) => !index.includes(`\`${f}\``))).toEqual([]);
  });
});
