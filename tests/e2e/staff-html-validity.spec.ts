import { expect, jsEnabled, test } from "./fixtures";
import { htmlErrors, serverHtml } from "./html-checker";
import { endSessionsOf, pngBytes, uploadTokenHeader } from "./staff-helpers";

test("every staff page's server HTML passes the Nu HTML Checker", async ({ staffPage: page, staff }, testInfo) => {
  const pages: Record<string, string> = {};
  if (jsEnabled(testInfo)) {
    // An applicant to open, registered the way the form's action does it (with its files' token).
    const pageToken = await uploadTokenHeader(page.request);
    const upload = await page.request.post("/api/applicant/files", {
      headers: pageToken,
      multipart: { group: "idCards", file: { name: "nin-card.png", mimeType: "image/png", buffer: await pngBytes() } },
    });
    expect(upload.status()).toBe(201);
    const [file] = (await upload.json()) as { public_id: string }[];
    const tag = Date.now();
    const applicant = await page.request.post("/api/applicant", {
      headers: pageToken,
      form: {
        firstname: "Ngozi",
        lastname: `Html${tag}`,
        gender: "Female",
        dob: "1998-01-12",
        email: `ngozi.${tag}@example.ng`,
        phone: "+2348012345678",
        street: "3 Awolowo Road",
        city: "Ikoyi",
        state: "lagos",
        postalCode: "101233",
        courseTitle: "Professional Hairdressing and Styling", // a published demo course (the API takes no other)
        courseType: "Full Course",
        idCards: "NIN",
        parentConsent: "Yes",
        schoolName: "Queens College",
        graduationYear: "2015",
        highestEducation: "OND",
        emergencyFullname: "Ada Html",
        emergencyRelationship: "Mother",
        emergencyPhone: "+2348098765432",
        regTerms: "on",
        regPrivacy: "on",
        files: file!.public_id,
      },
    });
    expect(applicant.status()).toBe(201);

    for (const [name, url] of Object.entries({
      "article-new": "/article/new",
      "course-new": "/course/new",
      "job-new": "/job/new",
      messages: "/admin/messages",
      applicants: "/admin/applicants",
    }))
      pages[name] = await serverHtml(page.request, url);
    const detail = pages.applicants!.match(/href="(\/admin\/applicants\/[^"]+)"/)?.[1];
    expect(detail, "a link to an applicant's page").toBeTruthy();
    pages["applicant-detail"] = await serverHtml(page.request, detail!);
    // docs/decisions/034-retention-and-rights.md: the privacy requests page with a person found, and the guardian's page.
    expect(
      (
        await page.request.post("/api/privacy/requests", {
          data: { kind: "access", subject: `ngozi.${tag}@example.ng`, receivedOn: "2026-01-05" },
        })
      ).status(),
    ).toBe(201);
    pages["privacy-requests"] = await serverHtml(page.request, `/admin/privacy?email=ngozi.${tag}%40example.ng`);
    pages["guardian-confirm"] = await serverHtml(page.request, `/guardian/confirm?token=${"a".repeat(43)}`);
    const blog = await serverHtml(page.request, "/blog");
    const articleId = blog.match(/href="\/article\/([^"/]+)\//)?.[1];
    expect(articleId, "an article on the blog").toBeTruthy();
    pages["article-edit"] = await serverHtml(page.request, `/edit/article/${articleId}`);
    // docs/decisions/017-revisions-and-audit.md: an item's history and one earlier version, and the item page as staff see it.
    const stored = (await (await page.request.get(`/api/articles/${articleId}`)).json()) as {
      title: string;
      content: string;
    };
    expect(
      (
        await page.request.patch(`/api/articles/${articleId}`, {
          data: { title: stored.title, content: `${stored.content}<p>Checked ${tag}</p>` },
        })
      ).status(),
    ).toBe(200);
    pages["article-history"] = await serverHtml(page.request, `/admin/article/${articleId}/history`);
    const version = pages["article-history"]!.match(/href="(\/admin\/article\/[^"]+\/history\/[^"]+)"/)?.[1];
    expect(version, "a link to an earlier version").toBeTruthy();
    pages["article-version"] = await serverHtml(page.request, version!);
    const articlePage = blog.match(/href="(\/article\/[^"]+)"/)?.[1];
    pages["article-as-staff"] = await serverHtml(page.request, articlePage!);
    // docs/decisions/016-trash-and-scheduling.md: a scheduled item as staff see it, the schedule, the trash, its confirmation pages and the 410 page.
    const job = (await (
      await page.request.post("/api/jobs", {
        data: {
          title: `Html Trash ${tag}`,
          content: "<p>Desk.</p>",
          jobType: "Full-time",
          jobLocation: "Onsite",
          companyName: "Glow Salon Ltd",
          applicationDeadline: "2031-03-31",
          howToApply: "jobs@academy.test",
          publishAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      })
    ).json()) as { _id: string; slug: string };
    pages["job-scheduled-as-staff"] = await serverHtml(page.request, `/job/${job._id}/${job.slug}`);
    pages["job-scheduled-edit"] = await serverHtml(page.request, `/edit/job/${job._id}`);
    pages.scheduled = await serverHtml(page.request, "/admin/scheduled");
    pages["trash-confirm"] = await serverHtml(page.request, `/admin/job/${job._id}/trash`);
    expect((await page.request.delete(`/api/jobs/${job._id}`)).status()).toBe(200);
    pages.trash = await serverHtml(page.request, "/admin/trash");
    pages["delete-confirm"] = await serverHtml(page.request, `/admin/job/${job._id}/delete`);
    pages.gone = await serverHtml(page.request, `/job/${job._id}/${job.slug}`, 410);
  } else {
    // Without JavaScript the Session Expired modal comes back in the editor's page: checked too.
    await page.goto("/article/new");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(`Checked ${Date.now()}`);
    await endSessionsOf(staff.id);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("dialog", { name: "Session Expired" })).toBeVisible();
    pages["editor-session-expired"] = await page.content();
  }
  const errors = await htmlErrors(pages);
  expect(errors, errors.join("\n")).toEqual([]);
});
