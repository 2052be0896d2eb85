import { describe, expect, it } from "vitest";

import { isImageId } from "@domain/images";
import { checkBlock } from "@domain/page-content";
import { DEFAULT_PAGE_CONTENT } from "@domain/page-content-defaults";
import { attachImages, IMAGE_FIELDS, typedFrom } from "~/features/page-content/page-content-form.server";

// A team member's photo and a slide's image in the page content form (docs/decisions/085): the
// file goes through the image pipeline and its id becomes part of what was typed; a refused
// file is its field's message; only an image id may be stored.
const words = { tooBig: "too big", notImage: "not an image", failed: "failed" };
const jpeg = (name = "a.jpg", type = "image/jpeg") => new File([new Uint8Array([1, 2, 3])], name, { type });

describe("isImageId", () => {
  it("takes the image store's ids and nothing that leaves them", () => {
    expect(isImageId("content/team/0123abcd")).toBe(true);
    for (const bad of ["", "../x", "/abs", "a//b", "https://x.example/a.jpg", "a b", "a.jpg", "x".repeat(201)])
      expect(isImageId(bad), bad).toBe(false);
  });
});

describe("checkBlock on images", () => {
  it("keeps an id, takes none, refuses anything else by its field", () => {
    const m = DEFAULT_PAGE_CONTENT.team[0]!;
    const ok = checkBlock("team", [{ ...m, photo: " content/team/abc " }, m]);
    expect(ok.problems).toEqual({});
    expect(ok.value.map((t) => t.photo)).toEqual(["content/team/abc", ""]);
    const s = DEFAULT_PAGE_CONTENT.slides[0]!;
    expect(checkBlock("slides", [{ ...s, image: "//evil.example/x" }]).problems).toEqual({
      slides0image: "This is not an image of this site: choose the file again",
    });
  });
});

describe("attachImages", () => {
  it("uploads each file chosen to its block's folder and keeps the id; the remove box clears one", async () => {
    const form = new FormData();
    form.set("team1photoFile", jpeg());
    form.set("slides0imageFile", new File([], "")); // an input left empty
    const fields: Record<string, string | undefined> = {
      teamCount: "2",
      team0photo: "content/team/old",
      team0photoRemove: "on",
      slides0image: "content/slides/kept",
    };
    const calls: string[] = [];
    const problems = await attachImages(
      form,
      new Set(),
      fields,
      async (file, folder) => {
        calls.push(`${folder}:${file.name}`);
        return { public_id: `${folder}/new1` };
      },
      words,
      () => false,
    );
    expect(problems).toEqual({});
    expect(calls).toEqual(["content/team:a.jpg"]);
    expect(fields).toMatchObject({
      team0photo: "",
      team1photo: "content/team/new1",
      slides0image: "content/slides/kept",
    });
    expect(typedFrom(fields).team.map((m) => m.photo)).toEqual(["", "content/team/new1"]);
  });

  it("answers a file over the limit, of another type, or refused by the API, by its field, keeping the rest", async () => {
    const form = new FormData();
    form.set("team0photoFile", jpeg("cv.pdf", "application/pdf"));
    form.set("team1photoFile", jpeg());
    const fields: Record<string, string | undefined> = { team2photo: "content/team/kept" };
    const refused = Object.assign(new Error("The file is not an image we can use"), { status: 400 });
    const problems = await attachImages(
      form,
      new Set(["team2photoFile"]),
      fields,
      async () => {
        throw refused;
      },
      words,
      () => false,
    );
    expect(problems).toEqual({
      team0photo: "not an image",
      team1photo: "The file is not an image we can use",
      team2photo: "too big",
    });
    expect(fields.team2photo).toBe("content/team/kept");
  });

  it("lets the session's end through to the caller, which asks to sign in again", async () => {
    const form = new FormData();
    form.set("slides2imageFile", jpeg());
    const ended = new Error("signed out");
    await expect(
      attachImages(
        form,
        new Set(),
        {},
        () => Promise.reject(ended),
        words,
        (e) => e === ended,
      ),
    ).rejects.toBe(ended);
  });

  it("has a file field for every team member and slide the form may hold", () => {
    expect(IMAGE_FIELDS).toHaveLength(24 + 8);
  });
});
