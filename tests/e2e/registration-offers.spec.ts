import fs from "node:fs";
import path from "node:path";

import type { APIRequestContext } from "@playwright/test";

import { lagosDate } from "@domain/schedule";

import { dataDir, expect, test } from "./fixtures";
import { registerApplicant } from "./staff-helpers";

// docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md: staff make an offer with a deadline;
// the offer mail is in the outbox; the applicant's status page says until when to answer and links the
// offer letter, a PDF streamed through the web tier. JavaScript on and off.

const today = lagosDate();
const shift = (days: number) =>
  new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Mail = { to: { address: string }[]; subject: string; text: string };
function mailsTo(email: string): Mail[] {
  const outbox = path.join(dataDir(), "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), "utf8")) as Mail)
    .filter((m) => JSON.stringify(m.to).includes(email));
}

/** Ngozi applies for the course through the API (the form's own journeys are elsewhere). */
async function register(request: APIRequestContext, courseId: string, email: string) {
  const who = { firstname: "Ngozi", lastname: "Okafor", email, courseId, emergencyFullname: "Chidi Okafor" };
  const { id, reference, statusToken } = await registerApplicant(request, who);
  return { _id: id, reference, statusToken };
}

test("an offer made by staff: mailed, its deadline on the status page, the offer letter downloads as a PDF", async ({
  page,
  staffPage,
}, info) => {
  test.setTimeout(90_000);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const created = await staffPage.request.post("/api/courses", {
    data: { title: `Nail art ${tag}`, tutors: "Ade Bello", courseTypes: ["Full Course"] },
  });
  expect(created.status()).toBe(201);
  const course = (await created.json()) as { _id: string };

  const email = `ngozi.${tag}@example.com`;
  const { _id, statusToken } = await register(page.request, course._id, email);
  const offered = await staffPage.request.post(`/api/applicants/${_id}/offer`, { data: { acceptBy: shift(7) } });
  expect(offered.status(), await offered.text()).toBeLessThan(300);
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);

  await page.goto(`/application/${statusToken}`);
  await expect(page.locator(".application-status-word")).toHaveAttribute("data-status", "offered");
  await expect(page.locator(".application-offer")).toContainText("Answer the offer by");
  const link = page.getByRole("link", { name: "Download your offer letter (PDF)" });
  const href = (await link.getAttribute("href"))!;
  expect(href).toBe(`/application/${statusToken}/offer-letter`);
  const letter = await page.request.get(href);
  expect(letter.status()).toBe(200);
  expect(letter.headers()["content-type"]).toContain("application/pdf");
  expect(letter.headers()["cache-control"]).toContain("no-store");
  expect((await letter.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // A link that opens nothing answers 404, not 500.
  expect((await page.request.get(`/application/${"x".repeat(43)}/offer-letter`)).status()).toBe(404);
});
