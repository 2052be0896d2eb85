import { unstable_parseMultipartFormData as parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import type { $ZodType } from "zod/v4/core";

import { securityText } from "~/content/security";
import { refuseCrossSite } from "~/utils/request-guard.server";

// The one way an action reads its form (docs/security.md): the cross-site check first,
// then the body read as a stream and refused the moment it passes its limit — whether the
// browser declared a Content-Length or sent it chunked. `request.formData()` would read any
// size into memory. Numbers: docs/security.md, "Web tier".

const KiB = 1024;
const MiB = 1024 * KiB;

export type FormLimits = {
  /** All text fields together (and the whole body when it is urlencoded). */
  textBytes: number;
  /** Files allowed at all; 0 refuses every file part. */
  maxFiles?: number;
  /** One file's bytes. */
  fileBytes?: number;
  /** Bytes of the whole multipart body, files included. */
  totalBytes?: number;
  /**
   * "field": a file over `fileBytes` is skipped (its bytes read and dropped, up to `totalBytes`)
   * and named in `oversize`, so the form can answer with a field error and keep what was typed.
   * "refuse" (default): the request is refused with 413.
   */
  oversizeFiles?: "field" | "refuse";
};

export const FORM_LIMITS = {
  /** Contact, login, token request, password reset, logout. */
  small: { textBytes: 64 * KiB },
  /**
   * The page content form: every FAQ, team member and testimonial at once (docs/decisions/070),
   * and up to four new images in one save (team photos, slides' images: docs/decisions/085), each
   * within the image pipeline's 8 MB; a bigger one becomes its field's message.
   */
  pageContent: {
    textBytes: 256 * KiB,
    maxFiles: 4,
    fileBytes: 8 * MiB,
    totalBytes: 4 * 8 * MiB + 1 * MiB,
    oversizeFiles: "field",
  },
  /** The privacy notice or the terms: up to 30 sections of 8,000 characters (docs/decisions/071). */
  legalText: { textBytes: 512 * KiB },
  /** The editors: rich text plus a featured image and a logo. */
  editor: { textBytes: 1 * MiB, maxFiles: 2, fileBytes: 8 * MiB, totalBytes: 2 * 8 * MiB + 1 * MiB },
  /**
   * The editors without a valid session (it ended mid-edit, or an anonymous post): the text
   * typed, for the Session Expired modal to give back; a file is read past and kept nowhere.
   */
  editorSignedOut: {
    textBytes: 1 * MiB,
    maxFiles: 0,
    fileBytes: 0,
    totalBytes: 1 * MiB + 64 * KiB,
    oversizeFiles: "field",
  },
  /** The editors' image upload: one image. */
  image: { textBytes: 4 * KiB, maxFiles: 1, fileBytes: 8 * MiB, totalBytes: 8 * MiB + 64 * KiB },
  /**
   * Registration: six files plus text; a camera photo up to 15 MB each (the API shrinks it to
   * fit 3 MB, docs/decisions/036), a PDF or PNG up to 3 MB (the API refuses more). A bigger
   * file becomes a field error; the body as a whole may carry up to 64 MB before it is refused.
   */
  registration: {
    textBytes: 256 * KiB,
    maxFiles: 6,
    fileBytes: 15 * MiB,
    totalBytes: 64 * MiB,
    oversizeFiles: "field",
  },
  /**
   * A receipt sent from the status page: one file, a camera photo up to 15 MB (the API shrinks
   * it, docs/decisions/036); bigger becomes a field error.
   */
  proof: { textBytes: 16 * KiB, maxFiles: 1, fileBytes: 15 * MiB, totalBytes: 16 * MiB, oversizeFiles: "field" },
} as const satisfies Record<string, FormLimits>;

export function payloadTooLarge() {
  // The answer goes out at once; what the client still sends is read and dropped by Node
  // (never kept) until it stops. Closing the socket instead would reset the connection
  // before the client could read this answer.
  return new Response(securityText.bodyTooLarge, {
    status: 413,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

function unknownField() {
  return new Response(securityText.unknownField, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

// The site's forms name every field plainly (`email`, `idCards`); none sends a path such as
// `message[3]` or `a.b`. conform reads such a path as a place in an array or object and builds
// it: `message[10000000]=x` made an array of ten million, echoed into the answer and the page
// (9 s and 40 MB for one anonymous post, every other request waiting). So a name is refused,
// before anything parses it, unless it is plain, short and (where the form lists its fields)
// one of the form's own (docs/decisions/014-one-form-reader.md).
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** The field names a form sends: its schemas' fields and any of its own (intent, honeypot…). */
export type FormFields = ReadonlySet<string>;

type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  options?: $ZodType[];
  innerType?: $ZodType;
  in?: $ZodType;
};

/** The top-level field names of zod object schemas (through unions, pipes, optionals, checks). */
export function formFields(schemas: readonly $ZodType[], extra: readonly string[] = []): FormFields {
  const names = new Set(extra);
  const visit = (schema: $ZodType) => {
    const def = schema._zod.def as unknown as Def;
    if (def.shape) for (const key of Object.keys(def.shape)) names.add(key);
    for (const option of def.options ?? []) visit(option);
    if (def.innerType) visit(def.innerType);
    if (def.in) visit(def.in);
  };
  for (const schema of schemas) visit(schema);
  return names;
}

function checkName(name: string, fields: FormFields | undefined) {
  if (!PLAIN_NAME.test(name) || (fields && !fields.has(name))) throw unknownField();
}

function unreadable() {
  return new Response(securityText.unsupportedBody, {
    status: 415,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The body's bytes, refused (413) once they pass `max`. */
async function readBytes(request: Request, max: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > max) throw payloadTooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      // Not cancel(): that destroys the socket, and the client would never read the 413.
      reader.releaseLock();
      throw payloadTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export type ReadForm = {
  formData: FormData;
  /** File fields that had a file over the limit ("field" mode). */ oversize: Set<string>;
};

/**
 * Reads a form within its limits; throws 403 (cross-site), 413 (too large), 415 (not a form) or
 * 400 (a field name that is not plain, or not in `fields` when the form lists them).
 */
export async function readForm(
  request: Request,
  limits: FormLimits = FORM_LIMITS.small,
  fields?: FormFields,
): Promise<ReadForm> {
  refuseCrossSite(request);
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) return readMultipart(request, limits, fields);
  if (type && !type.startsWith("application/x-www-form-urlencoded")) throw unreadable();
  const bytes = await readBytes(request, limits.textBytes);
  const formData = new FormData();
  for (const [k, v] of new URLSearchParams(new TextDecoder().decode(bytes))) {
    checkName(k, fields);
    formData.append(k, v);
  }
  return { formData, oversize: new Set() };
}

/**
 * For an action that reads no field (logout): the cross-site check, then the body read within
 * `textBytes` and dropped, whatever its encoding. A small body of any shape is no reason to
 * refuse; a huge one is still refused (413).
 */
export async function discardForm(request: Request, limits: FormLimits = FORM_LIMITS.small): Promise<void> {
  refuseCrossSite(request);
  await readBytes(request, limits.textBytes);
}

async function readMultipart(request: Request, limits: FormLimits, fields: FormFields | undefined): Promise<ReadForm> {
  const maxFiles = limits.maxFiles ?? 0;
  const fileBytes = limits.fileBytes ?? 0;
  const totalBytes = limits.totalBytes ?? limits.textBytes;
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > totalBytes) throw payloadTooLarge();
  const oversize = new Set<string>();
  let text = 0;
  let files = 0;
  // Every raw byte counts, the parts' headers and the preamble too, not just the parts' data.
  let total = 0;
  let exceeded = false;
  const source = request.body?.getReader();
  const headers = quietPartHeaders();
  const counted =
    source &&
    new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await source.read();
        if (done) {
          controller.enqueue(headers.flush());
          return controller.close();
        }
        total += value.byteLength;
        if (total <= totalBytes) return controller.enqueue(headers.push(value));
        exceeded = true;
        source.releaseLock(); // not cancel(): that destroys the socket before the 413 is read
        controller.error(payloadTooLarge());
      },
      // The parser gave up early: stop pulling, but leave the socket to answer on.
      cancel() {},
    });
  const bounded = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: counted ?? null,
    duplex: "half",
  } as RequestInit);

  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    checkName(name, fields); // before a byte of the part is read
    if (filename === undefined) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of data) {
        text += chunk.byteLength;
        if (text > limits.textBytes) throw payloadTooLarge();
        chunks.push(chunk);
      }
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    let tooBig = false;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > fileBytes) {
        if (limits.oversizeFiles !== "field") throw payloadTooLarge();
        tooBig = true;
        chunks.length = 0; // read on to the next field, keep nothing
      } else if (!tooBig) {
        chunks.push(chunk);
      }
    }
    if (tooBig) {
      oversize.add(name);
      return undefined;
    }
    // An empty file input sends a nameless empty part: keep it as the browser sent it.
    if (size > 0 && ++files > maxFiles) throw payloadTooLarge();
    return new File([Buffer.concat(chunks)], filename, { type: contentType });
  };

  try {
    return { formData: await parseMultipartFormData(bounded, handler), oversize };
  } catch (error) {
    if (exceeded) throw payloadTooLarge();
    if (error instanceof Response) throw error;
    // A malformed body (no boundary, cut short) is the sender's mistake, not a 500.
    throw unreadable();
  }
}

/**
 * Remix's multipart parser throws on a `;` inside a quoted header value (`filename=";env;"`),
 * which turned a visitor's odd file name into a 500. Each part's Content-Disposition line has
 * those `;` replaced by `_` as the body streams by, byte for byte (latin1 keeps every byte as one
 * character), so the part still parses and its name is still checked like any other. Only whole
 * lines are rewritten; a run of 16 KB without a line break is file data and passes untouched.
 */
export function quietPartHeaders() {
  let carry = "";
  const rewrite = (text: string) =>
    text.replace(
      /(\r\ncontent-disposition:)([^\r\n]*)/gi,
      (_, head: string, rest: string) =>
        head + rest.replace(/"((?:[^"\\]|\\.)*)"/g, (quoted) => quoted.replace(/;/g, "_")),
    );
  return {
    push(chunk: Uint8Array): Uint8Array {
      const text = carry + Buffer.from(chunk).toString("latin1");
      // Keep the last line (and the break before it) for the next chunk: it may be cut short.
      const cut = text.lastIndexOf("\r\n");
      if (text.length - Math.max(cut, 0) > 16 * 1024) {
        carry = "";
        return new Uint8Array(Buffer.from(rewrite(text), "latin1"));
      }
      if (cut < 0) {
        carry = text;
        return new Uint8Array();
      }
      carry = text.slice(cut);
      return new Uint8Array(Buffer.from(rewrite(text.slice(0, cut)), "latin1"));
    },
    flush(): Uint8Array {
      const rest = rewrite(carry);
      carry = "";
      return new Uint8Array(Buffer.from(rest, "latin1"));
    },
  };
}
