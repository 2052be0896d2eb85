import sharp from "sharp";

import { expect, test } from "./fixtures";
import { signInThroughApi, toast } from "./staff-helpers";
import { withPageContentLock } from "./visitor-helpers";

// A team member's photo through the image pipeline, JavaScript on and off (docs/decisions/085):
// an Editor picks a file that is not an image (refused by its field, what was typed kept), then a
// photo; saved, the about page shows it with width, height and srcset, its variant is an image;
// restoring the version before takes it away and the initials show again.

test.describe("an Editor", () => {
  test.use({ staffRole: "editor" });

  test("uploads a team member's photo: the about page shows it sized and with srcset; a restore takes it away", async ({
    staffPage: page,
    staff,
  }, testInfo) => {
    test.setTimeout(120_000);
    const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const position = `Founder ${tag}`;
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#6b3a9b" } })
      .jpeg()
      .toBuffer();
    await withPageContentLock(async () => {
      await page.goto("/admin/content");
      const history = page.getByRole("region", { name: "History" });
      const currentRow = history.getByRole("row").filter({ hasText: "Current" });
      const before = (await currentRow.count()) ? Number(await currentRow.locator("td").first().innerText()) : 0;

      // A text file named like a photo: its field's message, the position typed kept, nothing saved.
      await page.locator("#content-team0position").fill(position);
      await page.locator("#content-team0photo").setInputFiles({
        name: "folake.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("not a photo"),
      });
      await page.getByRole("button", { name: "Save page content" }).first().click();
      await expect(page.locator("#content-team0photo-error")).toContainText("not an image we can use");
      await expect(page.locator("#content-team0position")).toHaveValue(position);
      await expect(page.getByRole("alert").filter({ hasText: "Nothing was saved" })).toBeVisible();

      // The photo, and the same picture behind the first slide: saved with the position, shown
      // in the form as what is stored now.
      await page.locator("#content-team0photo").setInputFiles({
        name: "folake.jpg",
        mimeType: "image/jpeg",
        buffer: photo,
      });
      await page.locator("#content-slides0image").setInputFiles({
        name: "salon.jpg",
        mimeType: "image/jpeg",
        buffer: photo,
      });
      await page.getByRole("button", { name: "Save page content" }).first().click();
      await expect(toast(page, "Page content saved.")).toBeVisible();
      await expect(page.locator("#content-team0position")).toHaveValue(position);
      await expect(page.locator("input[name=team0photo]")).toHaveValue(/^content\/team\/[a-z0-9]+$/);
      await expect(page.locator("input[name=slides0image]")).toHaveValue(/^content\/slides\/[a-z0-9]+$/);
      await expect(history.getByRole("row").nth(1)).toContainText("Team, Slides");

      // A visitor's about page: the photo over the initials, with its size and both densities.
      await page.context().clearCookies();
      await page.goto("/about");
      const member = page.locator(".team-member").filter({ hasText: position });
      const img = member.locator("img.team-photo");
      await expect(img).toHaveAttribute("width", "96");
      await expect(img).toHaveAttribute("height", "96");
      await expect(img).toHaveAttribute("loading", "lazy");
      await expect(img).toHaveAttribute(
        "srcset",
        /w_96,h_96,c_fill,f_auto,q_auto\/content\/team\/\S+ 1x, .*dpr_2.* 2x/,
      );
      const src = await img.getAttribute("src");
      const variant = await page.request.get(src!);
      expect(variant.status()).toBe(200);
      expect(variant.headers()["content-type"]).toMatch(/^image\//);
      // The home page shows the first four, this one among them, and the first slide's image,
      // eager (the first screen), sized, with its widths.
      await page.goto("/");
      await expect(
        page.locator(".team .team-member").filter({ hasText: position }).locator("img.team-photo"),
      ).toHaveCount(1);
      const hero = page.locator(".hero img.hero-photo").first();
      await expect(hero).toHaveAttribute("width", "1600");
      await expect(hero).toHaveAttribute("height", "840");
      await expect(hero).toHaveAttribute("loading", "eager");
      await expect(hero).toHaveAttribute("srcset", /w_720,h_378,c_fill,f_auto,q_auto\/content\/slides\/\S+ 720w/);
      // Lite keeps its promise: neither image (the colours and the initials stay).
      const lite = await (await page.request.get("/", { headers: { Cookie: "academy_lite=on" } })).text();
      expect(lite).toContain(position);
      expect(lite).not.toMatch(/class="[^"]*hero-photo/);
      expect(lite).not.toMatch(/class="[^"]*team-photo/);

      // The Editor restores the version before: the photo is gone, the initials show.
      await signInThroughApi(page, staff);
      await page.goto("/admin/content");
      await page.getByRole("button", { name: `Restore version ${before}` }).click();
      await expect(toast(page, "brought back as the newest version")).toBeVisible();
      await page.context().clearCookies();
      await page.goto("/about");
      await expect(page.getByText(position)).toHaveCount(0);
      await expect(page.locator(".team-member").first().locator("img.team-photo")).toHaveCount(0);
      await page.goto("/");
      await expect(page.locator(".hero img.hero-photo")).toHaveCount(0);
    });
  });
});
