import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type Api, minutesAgo, rowCount, send, signedInStaff, startApi, statusAndText } from "./harness";

let api: Api;
let cookie: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
});
afterAll(() => api.close());

const valid = {
  title: "Hair Styling",
  tutors: "Ada Obi, Bola Ade",
  featuredImg: "course/demo/abc123",
  tag: "Popular",
  tipColor: "#aa3366",
  content: "<p>Learn to style hair.</p>",
  assetFolder: "course/1712345678",
};

let seq = 0;
/** Inserts a course straight into the table, `age` minutes old, so lists have a known order. */
async function seedCourse(title: string, age: number, tutors = "Some Tutor") {
  const id = `seed${String(++seq).padStart(20, "0")}`;
  const at = minutesAgo(age);
  await api.db
    .insertInto("courses")
    .values({
      id,
      title,
      slug: `seed-${seq}`,
      tutors,
      featured_img: "",
      tag: "",
      tip_color: "",
      content: "",
      asset_folder: "",
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

const titles = (list: { title: string }[]) => list.map((c) => c.title);
const list = async (q = "") => {
  const res = await send(api, "GET", `/api/courses${q}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[] & { title: string }[];
};

describe("GET /api/courses (the list)", () => {
  beforeAll(async () => {
    await sql`delete from courses`.execute(api.db);
    // C1 is the oldest, C8 the newest.
    for (let i = 1; i <= 8; i++) await seedCourse(`C${i} Course`, 100 - i, i === 3 ? "Chidinma Eze" : "Tunde Bakare");
    await seedCourse("Nails 100% Natural", 200);
    await seedCourse("Nails 100 Natural", 201);
    await seedCourse("Make_up Basics", 202);
    await seedCourse("Makeup Basics", 203);
  });

  it("answers the 3 newest courses by default", async () => {
    expect(titles(await list())).toEqual(["C8 Course", "C7 Course", "C6 Course"]);
  });

  it("pages with limit and skip, newest first", async () => {
    expect(titles(await list("?limit=4"))).toEqual(["C8 Course", "C7 Course", "C6 Course", "C5 Course"]);
    expect(titles(await list("?limit=4&skip=4"))).toEqual(["C4 Course", "C3 Course", "C2 Course", "C1 Course"]);
    expect(titles(await list("?skip=3"))).toEqual(["C5 Course", "C4 Course", "C3 Course"]);
  });

  it("answers an empty array past the last page", async () => {
    expect(await list("?limit=12&skip=12")).toEqual([]);
  });

  it("searches titles case-insensitively", async () => {
    expect(titles(await list("?limit=20&search=c5 COURSE"))).toEqual(["C5 Course"]);
  });

  it("searches tutors too", async () => {
    expect(titles(await list("?limit=20&search=chidinma"))).toEqual(["C3 Course"]);
  });

  it("treats % and _ in a search as plain characters", async () => {
    expect(titles(await list("?limit=20&search=" + encodeURIComponent("100%")))).toEqual(["Nails 100% Natural"]);
    expect(titles(await list("?limit=20&search=" + encodeURIComponent("make_")))).toEqual(["Make_up Basics"]);
  });

  it("answers only the fields named in project, plus _id", async () => {
    const [first] = await list("?limit=1&project=title,slug");
    expect(Object.keys(first).sort()).toEqual(["_id", "slug", "title"]);
    const [spaced] = await list("?limit=1&project=" + encodeURIComponent("title tutors"));
    expect(Object.keys(spaced).sort()).toEqual(["_id", "title", "tutors"]);
  });

  it("ignores unknown field names in project", async () => {
    const [first] = await list("?limit=1&project=title,password_hash");
    expect(Object.keys(first).sort()).toEqual(["_id", "title"]);
  });

  it.each([
    ["limit=0", "limit must be a whole number from 1 to 100"],
    ["limit=abc", "limit must be a whole number from 1 to 100"],
    ["limit=101", "limit must be a whole number from 1 to 100"],
    ["skip=-1", "skip must be a whole number from 0"],
    ["skip=1.5", "skip must be a whole number from 0"],
    ["project=" + encodeURIComponent("title;drop"), "project must list field names, e.g. title,slug"],
  ])("refuses %s with a 400 that names the parameter", async (q, message) => {
    expect(await statusAndText(await send(api, "GET", `/api/courses?${q}`))).toEqual({ status: 400, text: message });
  });
});

describe("GET /api/courses/{id}", () => {
  it("answers one course with every field", async () => {
    const created = await (
      await send(api, "POST", "/api/courses", { cookie, json: { ...valid, title: "Read Me" } })
    ).json();
    const res = await send(api, "GET", `/api/courses/${created._id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      _id: created._id,
      title: "Read Me",
      slug: "read-me",
      tutors: valid.tutors,
      featuredImg: valid.featuredImg,
      tag: "Popular",
      tipColor: "#aa3366",
      assetFolder: valid.assetFolder,
    });
  });

  it("carries a plain-text description of the content, entities decoded once, by the API", async () => {
    const content = "<p>Cut &amp; colour</p><p>Tools &lt;included&gt; &quot;free&quot;</p>";
    const created = await (
      await send(api, "POST", "/api/courses", { cookie, json: { ...valid, title: "Described", content } })
    ).json();
    expect((await (await send(api, "GET", `/api/courses/${created._id}`)).json()).description).toBe(
      'Cut & colour Tools <included> "free"',
    );
  });

  it("answers 404 for an unknown id", async () => {
    expect(await statusAndText(await send(api, "GET", "/api/courses/000000000000000000000000"))).toEqual({
      status: 404,
      text: "Course not found",
    });
  });
});

describe("POST /api/courses", () => {
  beforeEach(async () => {
    await sql`delete from courses`.execute(api.db);
  });

  it("creates a course and answers 201 with its id and a slug from the title", async () => {
    const res = await send(api, "POST", "/api/courses", {
      cookie,
      json: { ...valid, title: "Makeup Artistry: Bridal & Editorial" },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body._id).toMatch(/^[a-f0-9]{24}$/);
    expect(body.slug).toBe("makeup-artistry-bridal-and-editorial");
    const stored = await api.db.selectFrom("courses").selectAll().where("id", "=", body._id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      title: "Makeup Artistry: Bridal & Editorial",
      tutors: valid.tutors,
      tag: "Popular",
      tip_color: "#aa3366",
    });
  });

  it("shows a new course first in the list", async () => {
    await send(api, "POST", "/api/courses", { cookie, json: { ...valid, title: "Older" } });
    await new Promise((r) => setTimeout(r, 5));
    await send(api, "POST", "/api/courses", { cookie, json: { ...valid, title: "Newer" } });
    expect(titles(await list())).toEqual(["Newer", "Older"]);
  });

  it("keeps slugs unique when titles repeat", async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++)
      slugs.push((await (await send(api, "POST", "/api/courses", { cookie, json: valid })).json()).slug);
    expect(slugs).toEqual(["hair-styling", "hair-styling-2", "hair-styling-3"]);
  });

  it("keeps slugs unique when the same title is published at the same moment", async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => send(api, "POST", "/api/courses", { cookie, json: valid })),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const slugs = await Promise.all(answers.map(async (r) => (await r.json()).slug));
    expect([...slugs].sort()).toEqual(["hair-styling", "hair-styling-2", "hair-styling-3", "hair-styling-4"]);
  });

  it("does not need a tag, an image or content", async () => {
    const res = await send(api, "POST", "/api/courses", { cookie, json: { title: "Bare", tutors: "One Tutor" } });
    expect(res.status).toBe(201);
  });

  it("stores rich text without scripts, event handlers or javascript: links", async () => {
    const dirty = `<p onclick="steal()">Hello <strong>world</strong></p><script>alert(1)</script><a href="javascript:alert(1)">click</a><img src="https://x.test/a.png" onerror="alert(1)">`;
    const body = await (await send(api, "POST", "/api/courses", { cookie, json: { ...valid, content: dirty } })).json();
    const stored = await api.db
      .selectFrom("courses")
      .select("content")
      .where("id", "=", body._id)
      .executeTakeFirstOrThrow();
    expect(stored.content).toContain("<strong>world</strong>");
    expect(stored.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(body.content).toBe(stored.content);
  });

  it.each([
    ["no title", { title: undefined }, "Title Field is empty"],
    ["a blank title", { title: "   " }, "Title Field is empty"],
    ["no tutors", { tutors: undefined }, "Please fill the tutors field"],
    ["empty tutors", { tutors: "" }, "Please fill the tutors field"],
    ["a colour that is not #rrggbb", { tipColor: "red" }, /colour/],
    ["a featured image that is not a public id", { featuredImg: "javascript:alert(1)" }, /image/],
    ["an asset folder outside job/, article/ and course/", { assetFolder: "../etc" }, /asset folder/],
  ])("refuses %s with 400 and stores nothing", async (_name, change, message) => {
    const { status, text } = await statusAndText(
      await send(api, "POST", "/api/courses", { cookie, json: { ...valid, ...change } }),
    );
    expect(status).toBe(400);
    if (typeof message === "string") expect(text).toBe(message);
    else expect(text).toMatch(message);
    expect(await rowCount(api, "courses")).toBe(0);
  });

  it("answers 401 without a session and stores nothing", async () => {
    expect((await send(api, "POST", "/api/courses", { json: valid })).status).toBe(401);
    expect(await rowCount(api, "courses")).toBe(0);
  });
});

describe("PATCH /api/courses/{id}", () => {
  let id: string;
  beforeEach(async () => {
    await sql`delete from courses`.execute(api.db);
    id = (await (await send(api, "POST", "/api/courses", { cookie, json: valid })).json())._id;
  });

  it("updates the course and keeps the slug while the title stays", async () => {
    const res = await send(api, "PATCH", `/api/courses/${id}`, {
      cookie,
      json: { ...valid, tutors: "New Tutor", tag: "" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ _id: id, slug: "hair-styling", tutors: "New Tutor", tag: "" });
  });

  it("changes the slug when the title changes, and keeps it unique", async () => {
    await send(api, "POST", "/api/courses", { cookie, json: { ...valid, title: "Barbering" } });
    const renamed = await (
      await send(api, "PATCH", `/api/courses/${id}`, { cookie, json: { ...valid, title: "Hair Colouring" } })
    ).json();
    expect(renamed.slug).toBe("hair-colouring");
    const clash = await (
      await send(api, "PATCH", `/api/courses/${id}`, { cookie, json: { ...valid, title: "Barbering" } })
    ).json();
    expect(clash.slug).toBe("barbering-2");
    expect((await (await send(api, "GET", `/api/courses/${id}`)).json()).slug).toBe("barbering-2");
  });

  it("keeps the stored asset folder when the update sends none", async () => {
    const res = await send(api, "PATCH", `/api/courses/${id}`, { cookie, json: { ...valid, assetFolder: "" } });
    expect((await res.json()).assetFolder).toBe(valid.assetFolder);
  });

  it("sanitizes rich text on update too", async () => {
    const res = await send(api, "PATCH", `/api/courses/${id}`, {
      cookie,
      json: { ...valid, content: `<p>ok</p><script>x()</script>` },
    });
    expect((await res.json()).content).toBe("<p>ok</p>");
  });

  it("answers 404 for an unknown id", async () => {
    expect(
      await statusAndText(await send(api, "PATCH", "/api/courses/000000000000000000000000", { cookie, json: valid })),
    ).toEqual({ status: 404, text: "Course not found" });
  });

  it("refuses an invalid update with 400 and changes nothing", async () => {
    const { status, text } = await statusAndText(
      await send(api, "PATCH", `/api/courses/${id}`, { cookie, json: { ...valid, title: "" } }),
    );
    expect({ status, text }).toEqual({ status: 400, text: "Title Field is empty" });
    const stored = await api.db.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.title).toBe("Hair Styling");
  });

  it("answers 401 without a session and changes nothing", async () => {
    expect((await send(api, "PATCH", `/api/courses/${id}`, { json: { ...valid, title: "Hacked" } })).status).toBe(401);
    expect(
      (await api.db.selectFrom("courses").select("title").where("id", "=", id).executeTakeFirstOrThrow()).title,
    ).toBe("Hair Styling");
  });
});

describe("GET /api/courses?search: titles, content and category (docs/product.md §2, Courses)", () => {
  beforeAll(async () => {
    await sql`delete from courses`.execute(api.db);
    const hair = [
      ["Wig Making and Revamping", "<p>Closure and frontal wigs.</p>"],
      ["Barbering and Men's Grooming", "<p>Fades and beard shaping.</p>"],
      ["Professional Hairdressing and Styling", "<p>Cutting, braiding and styling.</p>"],
    ];
    for (const [i, [title, content]] of hair.entries()) {
      const id = await seedCourse(title, 10 + i);
      await api.db
        .updateTable("courses")
        .set({ category: "hairdressing-styling", content })
        .where("id", "=", id)
        .execute();
    }
    const photo = await seedCourse("Studio Photography", 5);
    await api.db
      .updateTable("courses")
      .set({ category: "photography", content: "<p>Light and lenses.</p>" })
      .where("id", "=", photo)
      .execute();
  });

  it("finds every hairdressing course by 'braiding' and by 'hair', the ones saying it first", async () => {
    const all = ["Wig Making and Revamping", "Barbering and Men's Grooming", "Professional Hairdressing and Styling"];
    expect(titles(await list("?limit=20&search=braiding"))).toEqual(all);
    expect(titles(await list("?limit=20&search=hair"))).toEqual([
      "Professional Hairdressing and Styling",
      "Wig Making and Revamping",
      "Barbering and Men's Grooming",
    ]);
    expect(titles(await list("?limit=20&search=lenses"))).toEqual(["Studio Photography"]);
    expect(await list("?limit=20&search=knitting")).toEqual([]);
  });
});
