import { Hono } from "hono";

import { type Env, fail, requirePermission } from "../http";
import { contentDisposition, INLINE_TYPES, PRIVATE_FILE_CSP } from "../lib/applicant-files";
import { filesOf, namedFiles } from "../lib/applicant-json";
import { apiMessages } from "../messages";
import { recordSecurityEvent } from "../security-events";
import { streamPrivateFile } from "../storage/private-files";

export const applicantFiles = new Hono<Env>();

/**
 * A private file, to staff only. `?view=inline` shows it in the page (an image, or a PDF in the
 * browser's viewer) and is recorded as a view; otherwise it is a download named after the
 * applicant and the reference (docs/product.md §4). Both are security events (docs/security.md).
 */
applicantFiles.get("/files/applicants/:fileId", requirePermission("applicants"), async (c) => {
  const publicId = `applicants/${c.req.param("fileId")}`;
  const db = c.get("db");
  const meta = await db.selectFrom("private_files").selectAll().where("public_id", "=", publicId).executeTakeFirst();
  if (!meta) fail(404, apiMessages.fileNotFound);
  const applicant = meta.applicant_id
    ? await db
        .selectFrom("applicants")
        .select(["id", "firstname", "lastname", "id_cards"])
        .where("id", "=", meta.applicant_id)
        .executeTakeFirst()
    : undefined;
  const inline = c.req.query("view") === "inline" && INLINE_TYPES.has(meta.content_type);
  const named = applicant
    ? namedFiles(applicant, await filesOf(db, applicant.id)).find((n) => n.file.public_id === publicId)?.named
    : undefined;
  const { size, body } = await streamPrivateFile(publicId);
  await recordSecurityEvent({
    type: inline ? "applicant_file.viewed" : "applicant_file.downloaded",
    actorId: c.get("user")!.id,
    subjectId: publicId,
  });
  const disposition = inline ? "inline" : "attachment";
  return new Response(body, {
    headers: {
      "content-type": meta.content_type,
      "content-length": String(size),
      "content-disposition": named
        ? contentDisposition(disposition, named)
        : `${disposition}; filename="${meta.original_name.replace(/[^\w.-]+/g, "_")}"`,
      "cache-control": "private, no-store",
      // Only the checked types (image or PDF, by content: api/storage/private-files.ts), never sniffed as another.
      "x-content-type-options": "nosniff",
      // Whatever a browser makes of an applicant's bytes (a `%PDF`/HTML polyglot), opened in a
      // staff member's signed-in browser it runs no script and is not of this origin (docs/security.md).
      "content-security-policy": PRIVATE_FILE_CSP,
    },
  });
});
