import { Hono } from "hono";

import { UPLOAD_LIMITS } from "@domain/uploads";

import { type Env, fail, limitBody, readBody, requirePermission } from "../http";
import { isFile } from "../http";
import { apiMessages } from "../messages";
import { BadImageError, diskImageStore, imageStore, VARIANTS_BUSY_RETRY_S, VariantsBusyError } from "../storage/images";

export const images = new Hono<Env>();

// Same shape as the image host's upload: multipart with file and asset_folder.
images.post("/", requirePermission("content"), limitBody(UPLOAD_LIMITS.maxImageBytes + 64 * 1024), async (c) => {
  const body = await readBody(c);
  const file = body.file;
  if (!isFile(file) || file.size === 0) fail(400, apiMessages.chooseImage);
  const folder = typeof body.asset_folder === "string" ? body.asset_folder : "misc";
  try {
    return c.json(await imageStore().upload(Buffer.from(await file.arrayBuffer()), folder), 201);
  } catch (error) {
    if (error instanceof BadImageError) fail(400, error.message);
    throw error;
  }
});

images.get("/:transform/*", async (c) => {
  const publicId = c.req.path.split("/").slice(4).join("/");
  let result;
  try {
    result = await diskImageStore().deliver(
      c.req.param("transform"),
      publicId,
      c.req.header("accept") ?? "",
      c.req.header("save-data") === "on",
    );
  } catch (error) {
    if (error instanceof BadImageError) fail(404, apiMessages.imageNotFound);
    // The variant wait is full (docs/security.md): come back shortly, and no cache keeps this answer.
    if (error instanceof VariantsBusyError)
      return c.text(apiMessages.imagesBusy, 503, {
        "retry-after": String(VARIANTS_BUSY_RETRY_S),
        "cache-control": "no-store",
      });
    throw error;
  }
  if (!result) fail(404, apiMessages.imageNotFound);
  return new Response(new Uint8Array(result.body), {
    headers: {
      "content-type": `image/${result.format}`,
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept, Save-Data",
    },
  });
});
