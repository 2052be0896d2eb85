import fc from "fast-check";

// Generated input for forms and API calls: the awkward strings, hostile file names, wrong
// shapes and broken encodings a visitor, a browser bug or an attacker can send.

/** fast-check's settings for every property: seeded (FUZZ_SEED), bounded (FUZZ_RUNS scales the runs). */
export function fuzzParams(runs: number) {
  const scale = Number(process.env.FUZZ_RUNS_SCALE ?? 1);
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261123;
  return { numRuns: Math.max(1, Math.round(runs * scale)), seed, endOnFailure: true, verbose: 1 } as const;
}

export const hostileStrings = [
  "",
  " ",
  "   \t ",
  "\u00a0",
  "\u200b",
  "a\u0000b",
  "\u0000",
  "a\r\nb",
  "\r\n",
  "\n\n",
  "line1\nline2",
  "\u202eevil.pdf",
  "שלום עולם",
  "مرحبا",
  "👩🏽‍🔧🎉",
  "e\u0301\u0301\u0301",
  "Z͑ͫ̓ͪ̂ͫ̽͏̴̙̤̞͉͚̯̞̠͍",
  "\ud800",
  "\uffff",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  "1; DROP TABLE users; --",
  "%00",
  "%",
  "${7*7}",
  "{{7*7}}",
  ";env;",
  "|id",
  "`id`",
  "$(id)",
  "../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "NaN",
  "-1",
  "0",
  "1e309",
  "99999999999999999999",
  "-0",
  "0x10",
  "1.5",
  "2030-02-31",
  "2024-13-01",
  "0000-00-00",
  "1899-12-31",
  "9999-12-31",
  "2020-02-30T00:00:00Z",
  "javascript:alert(1)",
  "//evil.example",
  "/\\evil.example",
];

export const fuzzString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "é", "👍", " ", "\n"), fc.integer({ min: 201, max: 6000 }))
      .map(([c, n]) => c.repeat(n)),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()).map(String) },
);

export const hostileFileNames = [
  ";env;",
  ";env;.pdf",
  "a;b.pdf",
  "|id",
  "`id`.pdf",
  "../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd.pdf",
  '"quoted".pdf',
  "it's.pdf",
  "a\r\nContent-Type: text/html.pdf",
  "nul\u0000.pdf",
  "x".repeat(300) + ".pdf",
  "",
  " ",
  ".pdf",
  "CON.pdf",
  "résumé 👩🏽‍🎓.pdf",
  "\u202efdp.exe",
  "file.PDF",
  "file.png.exe",
  "file.exe.pdf",
  "a=b; filename=c.pdf",
  "%00.pdf",
];
export const hostileContentTypes = [
  "application/pdf",
  "image/png",
  "image/webp",
  "text/html",
  "application/x-msdownload",
  "",
  "image/svg+xml",
  "application/octet-stream",
  "garbage",
  "image/png; charset=utf-8",
];

export type FilePart = { file: string; type: string; bytes: Uint8Array };
export type Value = string | FilePart;
export type Entries = [string, Value][];

const PDF = new TextEncoder().encode("%PDF-1.4\n% fuzz\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
export const pdfPart = (file = "id.pdf"): FilePart => ({ file, type: "application/pdf", bytes: PDF });

export const fuzzFile: fc.Arbitrary<FilePart> = fc.record({
  file: fc.oneof(fc.constantFrom(...hostileFileNames), fuzzString),
  type: fc.constantFrom(...hostileContentTypes),
  bytes: fc.oneof(
    fc.constant(PDF),
    fc.constant(new Uint8Array(0)),
    fc.uint8Array({ maxLength: 64 }),
    fc.constant(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>")),
    fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
  ),
});

/** One change to a valid submission. */
type Change =
  | { kind: "drop"; at: number }
  | { kind: "set"; at: number; value: Value }
  | { kind: "duplicate"; at: number; value: Value }
  | { kind: "extra"; name: string; value: Value };

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant("drop" as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant("set" as const),
    at: fc.nat(),
    value: fc.oneof({ weight: 4, arbitrary: fuzzString }, { weight: 1, arbitrary: fuzzFile }),
  }),
  fc.record({ kind: fc.constant("duplicate" as const), at: fc.nat(), value: fuzzString }),
  fc.record({
    kind: fc.constant("extra" as const),
    name: fc.oneof(fc.constantFrom("__proto__", "constructor", "_id", "id", "intent", "files", "a[b]", ""), fuzzString),
    value: fuzzString,
  }),
);

/** A valid submission with 0–4 changes; with no change it must be accepted. */
export function mutated(base: Entries): fc.Arbitrary<{ entries: Entries; changes: Change[] }> {
  return fc.array(change, { maxLength: 4 }).map((changes) => {
    let entries = base.map(([k, v]) => [k, v] as [string, Value]);
    for (const c of changes) {
      if (c.kind === "extra") entries.push([c.name, c.value]);
      else if (entries.length) {
        const i = c.at % entries.length;
        if (c.kind === "drop") entries = entries.filter((_, j) => j !== i);
        else if (c.kind === "set") entries[i] = [entries[i][0], c.value];
        else entries.splice(i + 1, 0, [entries[i][0], c.value]);
      }
    }
    return { entries, changes };
  });
}

export type Encoding =
  | "urlencoded"
  | "multipart"
  | "multipart-raw-names"
  | "json-as-form"
  | "json"
  | "no-type"
  | "text-plain"
  | "broken-urlencoded"
  | "broken-multipart"
  | "wrong-boundary";
export const encodings: Encoding[] = [
  "urlencoded",
  "multipart",
  "multipart-raw-names",
  "json-as-form",
  "json",
  "no-type",
  "text-plain",
  "broken-urlencoded",
  "broken-multipart",
  "wrong-boundary",
];
/** Mostly the encodings browsers use, so most runs reach the checks behind the parser. */
export const encoding: fc.Arbitrary<Encoding> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<Encoding>("urlencoded", "multipart", "multipart-raw-names") },
  { weight: 3, arbitrary: fc.constantFrom(...encodings) },
);

const enc = new TextEncoder();
/** A browser escapes `"`, CR and LF in part names; a hand-made request need not. */
const browserEscape = (s: string) => s.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");

function multipart(entries: Entries, boundary: string, escape: (s: string) => string) {
  const chunks: Uint8Array[] = [];
  for (const [name, value] of entries) {
    if (typeof value === "string") {
      chunks.push(
        enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${escape(name)}"\r\n\r\n${value}\r\n`),
      );
    } else {
      const type = value.type ? `\r\nContent-Type: ${value.type}` : "";
      chunks.push(
        enc.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${escape(name)}"; filename="${escape(value.file)}"${type}\r\n\r\n`,
        ),
        value.bytes,
        enc.encode("\r\n"),
      );
    }
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Body and headers for entries sent with the given encoding. */
export function encode(entries: Entries, how: Encoding): { body?: BodyInit; headers: Record<string, string> } {
  const boundary = "----fuzz" + "7MA4YWxkTrZu0gW";
  const asText = (v: Value) => (typeof v === "string" ? v : v.file);
  switch (how) {
    case "urlencoded": {
      const p = new URLSearchParams();
      for (const [k, v] of entries) p.append(k, asText(v));
      return { body: p.toString(), headers: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" } };
    }
    case "multipart":
      return {
        body: multipart(entries, boundary, browserEscape),
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      };
    case "multipart-raw-names":
      return {
        body: multipart(entries, boundary, (s) => s),
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      };
    case "json-as-form":
      return {
        body: JSON.stringify(Object.fromEntries(entries.map(([k, v]) => [k, asText(v)]))),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      };
    case "json":
      return {
        body: JSON.stringify(Object.fromEntries(entries.map(([k, v]) => [k, asText(v)]))),
        headers: { "content-type": "application/json" },
      };
    case "no-type":
      return { body: new Blob([new URLSearchParams(entries.map(([k, v]) => [k, asText(v)])).toString()]), headers: {} };
    case "text-plain":
      return {
        body: entries.map(([k, v]) => `${k}=${asText(v)}`).join("\r\n"),
        headers: { "content-type": "text/plain" },
      };
    case "broken-urlencoded":
      return {
        body: "a=%E0%A4%A&%%=1&b=%ZZ&" + new URLSearchParams(entries.map(([k, v]) => [k, asText(v)])).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      };
    case "broken-multipart": {
      const full = multipart(entries, boundary, browserEscape);
      return {
        body: full.subarray(0, Math.floor(full.length / 2)),
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      };
    }
    case "wrong-boundary":
      return {
        body: multipart(entries, boundary, browserEscape),
        headers: { "content-type": "multipart/form-data; boundary=not-the-one" },
      };
  }
}

/** Whether a 4xx answer tells a person what to do: an alert in the page, or a sentence in the body. */
export function actionableMessage(status: number, contentType: string, text: string): string | null {
  if (contentType.includes("text/html")) {
    // An element with an alert, status or dialog role, or an open native <dialog> (its role is
    // implicit: the Session Expired modal is one without JavaScript).
    const found = [
      ...text.matchAll(/role="(?:alert|status|dialog)"[^>]*>([\s\S]*?)<\/(?:div|p|section)>/g),
      ...text.matchAll(/<dialog\b[^>]*\sopen(?:="[^"]*")?[^>]*>([\s\S]*?)<\/dialog>/g),
    ];
    const alerts = found.map((m) =>
      m[1]
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
    return alerts.find((a) => /[a-z]{3,}/i.test(a)) ?? null;
  }
  if (contentType.includes("json")) {
    try {
      return findMessage(JSON.parse(text));
    } catch {
      return null;
    }
  }
  const line = text.trim();
  return /[a-z]{3,}/i.test(line) && line.length < 400 && !/\n\s+at /.test(line) ? line : null;
}

function findMessage(data: unknown): string | null {
  if (typeof data === "string") return /[a-z]{3,}/i.test(data) ? data : null;
  if (Array.isArray(data)) {
    for (const d of data) {
      const m = findMessage(d);
      if (m) return m;
    }
    return null;
  }
  if (data && typeof data === "object") {
    const o = data as Record<string, unknown>;
    for (const key of ["message", "error", "notice", "result", "sessionExpired"]) {
      const m =
        key in o ? findMessage(key === "result" ? (o.result as { error?: unknown } | undefined)?.error : o[key]) : null;
      if (m) return m;
    }
  }
  return null;
}

/** A short, printable summary of a failing input for the report. */
export function show(entries: Entries) {
  return JSON.stringify(
    entries.map(([k, v]) => [
      k,
      typeof v === "string"
        ? v.length > 80
          ? `${v.slice(0, 40)}…(${v.length})`
          : v
        : { file: v.file.slice(0, 80), type: v.type, bytes: v.bytes.length },
    ]),
  );
}
