import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, fileOf, pngBytes, send, signedInStaff, startApi } from "../api/harness";
import { isStored } from "../api/stored-files";

// Deleting an item for good removes only the images nothing else uses: a kept revision of
// another item is a user too, as restoring it shows its images again (docs/security.md).
let api: Api;
let cookie: string;
beforeAll(async () => {
  api = await startApi({ rateLimitFactor: 1 });
  ({ cookie } = await signedInStaff(api));
});
afterAll(() => api.close());

async function uploadImage() {
  const form = new FormData();
  form.set("file", fileOf(await pngBytes(400, 250), "x.png"));
  form.set("asset_folder", "course/1");
  const res = await send(api, "POST", "/api/images", { multipart: form, cookie });
  expect(res.status).toBe(201);
  return ((await res.json()) as { public_id: string }).public_id;
}
const courseBody = (title: string, featuredImg: string, content = "<p>Text</p>") => ({
  title,
  tutors: "Ada Obi",
  content,
  featuredImg,
  assetFolder: "course/1",
});
async function course(title: string, featuredImg: string, content?: string) {
  const res = await send(api, "POST", "/api/courses", { cookie, json: courseBody(title, featuredImg, content) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}
async function update(id: string, title: string, featuredImg: string, content?: string) {
  const res = await send(api, "PATCH", `/api/courses/${id}`, { cookie, json: courseBody(title, featuredImg, content) });
  expect(res.status).toBe(200);
}
async function deleteForGood(id: string) {
  expect((await send(api, "DELETE", `/api/courses/${id}`, { cookie })).status).toBe(200);
  expect((await send(api, "DELETE", `/api/courses/${id}?permanent=1`, { cookie })).status).toBe(200);
}
const variant = (publicId: string) => send(api, "GET", `/api/images/w_360,c_limit,f_auto,q_auto/${publicId}`);

describe("deleting an item for good", () => {
  it("keeps an image that a revision of another item still uses; restoring that revision shows it", async () => {
    const featured = await uploadImage();
    const inText = await uploadImage();
    const content = `<p><img src="/api/images/f_auto,c_limit,w_1600/${inText}" alt=""></p>`;
    // Course A showed both images once; its current version shows neither, its revision does.
    const a = await course("Braiding Basics", featured, content);
    await update(a, "Braiding Basics", "", "<p>No pictures now</p>");
    // Course B uses the same images, and is deleted for good.
    await deleteForGood(await course("Braiding Advanced", featured, content));

    expect({ featured: await isStored("images", featured), inText: await isStored("images", inText) }).toEqual({
      featured: true,
      inText: true,
    });
    const history = (await (await send(api, "GET", `/api/courses/${a}/revisions`, { cookie })).json()) as {
      revisions: { _id: string }[];
    };
    const restored = await send(api, "POST", `/api/courses/${a}/revisions/${history.revisions[0]._id}/restore`, {
      cookie,
    });
    expect(restored.status).toBe(200);
    expect((await variant(featured)).status).toBe(200);
    expect((await variant(inText)).status).toBe(200);
  });

  it("removes the images only the deleted item and its own revisions used", async () => {
    const old = await uploadImage();
    const current = await uploadImage();
    const a = await course("Nail Art", old);
    await update(a, "Nail Art", current);
    await deleteForGood(a);
    expect({ old: await isStored("images", old), current: await isStored("images", current) }).toEqual({
      old: false,
      current: false,
    });
  });
});
