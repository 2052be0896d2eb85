import { expect, test } from "./fixtures";

// Public pages are cached in the server (and may be by HTTP caches for a minute, revalidated by
// ETag); a publish must still be on the very next anonymous request to this server.
test("a publish, an update and a new article show on the next anonymous request", async ({
  playwright,
  baseURL,
  staffPage,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const tag = Date.now().toString(36);
  const before = await anonymous.get("/courses");
  const etag = before.headers()["etag"];
  expect(await before.text()).not.toContain(`Cache course ${tag}`);
  // Warm every cached read the pages below make.
  await anonymous.get("/");
  await anonymous.get("/blog");

  const origin = { Origin: baseURL! };
  const created = await staffPage.request.post("/api/courses", {
    headers: origin,
    data: {
      title: `Cache course ${tag}`,
      tutors: "Ada",
      featuredImg: "",
      tag: "",
      tipColor: "",
      content: "<p>Fresh</p>",
      assetFolder: "",
    },
  });
  expect(created.status()).toBe(201);
  const course = (await created.json()) as { _id: string; slug: string };

  const after = await anonymous.get("/courses", { headers: { "If-None-Match": etag } });
  expect(after.status()).toBe(200);
  expect(await after.text()).toContain(`Cache course ${tag}`);
  expect(await (await anonymous.get("/")).text()).toContain(`Cache course ${tag}`);

  const detail = `/course/${course._id}/${course.slug}`;
  expect(await (await anonymous.get(detail)).text()).toContain(`Cache course ${tag}`);
  const updated = await staffPage.request.patch(`/api/courses/${course._id}`, {
    headers: origin,
    data: {
      title: `Cache course ${tag} renamed`,
      tutors: "Ada",
      featuredImg: "",
      tag: "",
      tipColor: "",
      content: "<p>Fresh</p>",
      assetFolder: "",
    },
  });
  expect(updated.status()).toBe(200);
  expect(await (await anonymous.get("/courses")).text()).toContain(`Cache course ${tag} renamed`);
  expect(await (await anonymous.get(`/course/${course._id}`, { maxRedirects: 5 })).text()).toContain(
    `Cache course ${tag} renamed`,
  );

  const article = await staffPage.request.post("/api/articles", {
    headers: origin,
    data: { title: `Cache article ${tag}`, content: "<p>News</p>", featuredImg: "", assetFolder: "" },
  });
  expect(article.status()).toBe(201);
  expect(await (await anonymous.get("/blog")).text()).toContain(`Cache article ${tag}`);
  await anonymous.dispose();
});
