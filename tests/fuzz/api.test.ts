import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";

import { allRowCounts } from "../api/harness";
import { type FakePaystack, startPaystack } from "../support/paystack";
import {
  actionableMessage,
  encode,
  encoding,
  type Entries,
  fuzzFile,
  fuzzParams,
  fuzzString,
  mutated,
  show,
} from "./inputs";
import { signIn, type Site, startSite } from "./site";

// Every API call through the site's /api mount, with generated bodies and query strings:
// never a 5xx, a 4xx says why in words, and a refused call writes nothing.

let site: Site;
let paystack: FakePaystack;
let cookie = "";
/** The registration page's upload token, so generated uploads reach the body's checks (api/upload-token.ts). */
let uploadToken = "";
beforeAll(async () => {
  // Paying online on, against the stand-in Paystack (tests/support/paystack.ts): its calls are fuzzed too.
  paystack = await startPaystack({ secretKey: `sk_test_${"f".repeat(40)}` });
  process.env.PAYSTACK_SECRET_KEY = `sk_test_${"f".repeat(40)}`;
  process.env.PAYSTACK_BASE_URL = paystack.base;
  site = await startSite();
  cookie = (await signIn(site)).cookie;
  uploadToken = ((await (await site.request("/api/applicant/upload-token")).json()) as { token: string }).token;
  // A course's intakes (docs/decisions/068-intakes-and-seats.md): a real course, so bodies reach the checks.
  const course = await site.request("/api/courses", {
    method: "POST",
    body: JSON.stringify({ title: "Fuzzed Intakes", tutors: "Ada", courseTypes: ["Full Course"] }),
    headers: { "content-type": "application/json" },
    cookie,
  });
  const { _id: courseId } = (await course.json()) as { _id: string };
  const intake: Entries = [
    ["startDate", "2031-01-10"],
    ["duration", "6 months"],
    ["scheduleKind", "weekend"],
    ["schedule", "Saturdays 9am–3pm"],
    ["campus", "Ikeja"],
    ["seats", "10"],
    ["opensOn", "2030-12-01"],
    ["closesOn", "2030-12-20"],
    ["courseTypes", "Full Course"],
    ["fee", "650000"],
  ];
  calls.push(
    ["POST", `/api/courses/${courseId}/intakes`, intake],
    ["PATCH", `/api/courses/${courseId}/intakes/nope`, intake],
    ["POST", `/api/courses/${courseId}/intakes/nope/status`, [["status", "closed"]]],
  );
  // Message an intake (docs/decisions/080-message-an-intake.md): a real intake, so bodies reach the checks.
  const made = await site.request(`/api/courses/${courseId}/intakes`, {
    method: "POST",
    body: JSON.stringify(Object.fromEntries(intake.map(([k, v]) => [k, k === "courseTypes" ? [v] : v]))),
    headers: { "content-type": "application/json" },
    cookie,
  });
  expect(made.status, await made.clone().text()).toBe(201);
  const { _id: intakeId } = (await made.json()) as { _id: string };
  const message: Entries = [
    ["audience", "all"],
    ["subject", "First day"],
    ["body", "Bring your kit."],
  ];
  calls.push(
    ["POST", `/api/intakes/${intakeId}/message/preview`, message],
    ["POST", `/api/intakes/${intakeId}/message`, [...message, ["count", "1"]]],
  );
  queryPaths.push(`/api/intakes/${intakeId}/message`, "/api/intakes/nope/message");
  queryPaths.push(
    `/api/courses/${courseId}/intakes`,
    "/api/intakes",
    "/api/intakes/open",
    "/api/payments/intakes",
    "/api/payments/intakes/nope",
    "/api/payments/applicants/nope/course-fee",
  );
});
afterAll(async () => {
  await site?.close();
  await paystack?.close();
});

const calls: [string, string, Entries][] = [
  [
    "POST",
    "/api/contact",
    [
      ["fullname", "Ada"],
      ["email", "ada@example.com"],
      ["phone", "08031234567"],
      ["issue", "1"],
      ["message", "Hi"],
    ],
  ],
  ["POST", "/api/auth/password-reset", [["email", "nobody@example.com"]]],
  [
    "PATCH",
    "/api/auth/password-reset",
    [
      ["token", "a".repeat(40)],
      ["password", "New#Pass2025x"],
    ],
  ],
  [
    "POST",
    "/api/courses",
    [
      ["title", "Braids"],
      ["tutors", "Ada"],
      ["tipColor", "#aa3366"],
    ],
  ],
  [
    "POST",
    "/api/articles",
    [
      ["title", "Open day"],
      ["content", "<p>Hi</p>"],
    ],
  ],
  [
    "POST",
    "/api/jobs",
    [
      ["title", "Stylist"],
      ["jobType", "Full-time"],
      ["jobLocation", "Onsite"],
      ["companyName", "Salon"],
      ["applicationDeadline", "2031-02-28"],
      ["howToApply", "jobs@salon.ng"],
    ],
  ],
  [
    "PATCH",
    "/api/courses/nope",
    [
      ["title", "Braids"],
      ["tutors", "Ada"],
    ],
  ],
  [
    "POST",
    "/api/draft",
    [
      ["postType", "job"],
      ["title", "Half"],
    ],
  ],
  [
    "POST",
    "/api/applicant",
    [
      ["firstname", "Ada"],
      ["files", "applicants/0123456789abcdef01234567"],
    ],
  ],
  [
    "POST",
    "/api/applicant/files",
    [
      ["group", "idCards"],
      ["files", "x"],
    ],
  ],
  [
    "POST",
    "/api/images",
    [
      ["folder", "course/x"],
      ["file", "x"],
    ],
  ],
  ["PATCH", "/api/applicants/nope/status", [["status", "paid"]]],
  ["POST", "/api/applicants/nope/notes", [["body", "Called"]]],
  ["POST", "/api/articles/nope/revisions/nope/restore", [["x", "1"]]],
  [
    "POST",
    "/api/courses",
    [
      ["title", "Later"],
      ["tutors", "Ada"],
      ["publishAt", "2031-01-15T09:30"],
    ],
  ],
  ["DELETE", "/api/jobs/nope", [["x", "1"]]],
  ["DELETE", "/api/courses/nope?permanent=1", [["x", "1"]]],
  ["POST", "/api/articles/nope/restore", [["x", "1"]]],
  ["PATCH", "/api/contact/nope", [["read", "true"]]],
  ["POST", "/api/contact/read", [["until", "2026-11-23T09:30:00.000Z"]]],
  // After the form (docs/decisions/035, 036): unknown links, saved forms and receipts.
  ["POST", "/api/application/link-request", [["email", "ada@example.com"]]],
  [
    "POST",
    `/api/application/${"A".repeat(43)}/proof`,
    [
      ["transferReference", "ZEN/1"],
      ["file", "x"],
    ],
  ],
  ["POST", `/api/application/${"A".repeat(43)}/withdraw`, [["x", "1"]]],
  [
    "POST",
    "/api/applicant/saved",
    [
      ["fields", "x"],
      ["files", "applicants/0123456789abcdef01234567"],
    ],
  ],
  ["POST", "/api/applicants/nope/proof/confirm", [["x", "1"]]],
  ["POST", "/api/applicants/nope/proof/reject", [["reason", "Blurred"]]],
  // Certificates (docs/decisions/058).
  [
    "POST",
    "/api/certificates/complete",
    [
      ["applicantIds", "0123456789abcdef01234567"],
      ["completedOn", "2026-11-20"],
      ["grade", "Merit"],
    ],
  ],
  [
    "POST",
    "/api/certificates/issue",
    [
      ["course", "Hair Styling"],
      ["all", "true"],
    ],
  ],
  ["POST", "/api/certificates/ABCD-EFGH-JKMN-P/revoke", [["reason", "misconduct"]]],
  // Paying online (docs/decisions/062, 063): an unknown link, an unsigned or forged event, a refund of nothing.
  ["POST", `/api/application/${"A".repeat(43)}/payments/paystack`, [["x", "1"]]],
  ["POST", `/api/application/${"A".repeat(43)}/payments/FLA-PAY-abc/verify`, [["x", "1"]]],
  // The course fee (docs/decisions/077): a part payment on an unknown link.
  [
    "POST",
    `/api/application/${"A".repeat(43)}/payments/course-fee`,
    [
      ["pay", "part"],
      ["amount", "50000"],
    ],
  ],
  [
    "POST",
    "/api/payments/paystack/webhook",
    [
      ["event", "charge.success"],
      ["data", "x"],
    ],
  ],
  // A course-fee transfer staff record (docs/decisions/081) for an unknown applicant.
  [
    "POST",
    "/api/payments/applicants/nope/course-fee-transfers",
    [
      ["amount", "50000"],
      ["instalment", "1"],
      ["transferReference", "ZEN/2026/1"],
      ["paidOn", "2026-01-05"],
    ],
  ],
  [
    "POST",
    "/api/payments/nope/refund",
    [
      ["amount", "20000"],
      ["note", "Refunded"],
    ],
  ],
];

test("API calls with generated bodies", async () => {
  const call = fc
    .constantFrom(...calls)
    .chain(([method, path, base]) =>
      fc.tuple(
        fc.constant(method),
        fc.constant(path),
        mutated(base),
        fc.array(fc.tuple(fc.constantFrom("file", "files", "title"), fuzzFile), { maxLength: 1 }),
      ),
    );
  await fc.assert(
    fc.asyncProperty(call, encoding, fc.boolean(), async ([method, path, { entries }, files], how, signedIn) => {
      const all = [...entries, ...files] as Entries;
      const { body, headers } = encode(all, how);
      const before = await allRowCounts(site.api);
      const withToken = path === "/api/applicant/files" ? { ...headers, "x-upload-token": uploadToken } : headers;
      const res = await site.request(path, {
        method,
        body,
        headers: withToken,
        cookie: signedIn ? cookie : undefined,
      });
      const text = await res.text();
      const after = await allRowCounts(site.api);
      expect(res.status, `${method} ${path} ${how} ${show(all)}\n${text.slice(0, 300)}`).toBeLessThan(500);
      if (res.status >= 400) {
        expect(
          actionableMessage(res.status, res.headers.get("content-type") ?? "", text),
          `${method} ${path} ${res.status}: ${text.slice(0, 200)}`,
        ).toBeTruthy();
        expect(after, `${method} ${path} refused with ${res.status} yet wrote`).toEqual(before);
      }
    }),
    fuzzParams(120),
  );
});

/** List and detail calls; beforeAll adds those that need a real course. */
const queryPaths: string[] = [];

test("list and detail calls with generated query strings", async () => {
  const path = fc.constantFrom(
    ...queryPaths,
    "/api/courses",
    "/api/post",
    "/api/contact",
    "/api/applicants",
    "/api/courses/x",
    "/api/articles/x",
    "/api/jobs/x",
    "/api/draft/job",
    "/api/images/transform/w_10/x.png",
    "/api/applicants/counts",
    "/api/articles/x/revisions",
    "/api/jobs/x/revisions/y",
    "/api/courses/x/revisions",
    "/api/trash",
    "/api/scheduled",
    "/api/contact/unread",
    "/api/applicants/new-count",
    "/api/application/x",
    `/api/application/${"A".repeat(43)}`,
    `/api/applicant/saved/${"A".repeat(43)}`,
    "/api/certificates/graduates",
    "/api/certificates/check/ABCD-EFGH-JKMN-P",
    "/api/certificates/credential/x",
    "/api/credential-keys",
  );
  const params = fc.array(
    fc.tuple(
      fc.constantFrom(
        "search",
        "limit",
        "skip",
        "postType",
        "project",
        "q",
        "status",
        "course",
        "preview",
        "permanent",
        "unread",
      ),
      fc.oneof(fuzzString, fc.integer().map(String), fc.double().map(String)),
    ),
    { maxLength: 4 },
  );
  await fc.assert(
    fc.asyncProperty(path, params, fc.boolean(), async (p, list, signedIn) => {
      const url = `${p}?${new URLSearchParams(list)}`;
      const res = await site.request(url, { cookie: signedIn ? cookie : undefined });
      const text = await res.text();
      expect(res.status, `${url}\n${text.slice(0, 300)}`).toBeLessThan(500);
      if (res.status >= 400)
        expect(
          actionableMessage(res.status, res.headers.get("content-type") ?? "", text),
          `${url}: ${text.slice(0, 200)}`,
        ).toBeTruthy();
    }),
    fuzzParams(150),
  );
});

// The form reader now quiets the ';' as the body streams, so the body is read and the answer is
// the missing fields' errors (before, "could not be read"): still a 400 a person can act on.
test("regression: a quoted ';' in a file name answers 400 with the field errors, not 500", async () => {
  const { body, headers } = encode(
    [
      ["firstname", "Ada"],
      ["files", { file: "a;b.pdf", type: "", bytes: new Uint8Array([37, 80, 68, 70]) }],
    ],
    "multipart",
  );
  const res = await site.request("/api/applicant", { method: "POST", body, headers });
  expect(res.status).toBe(400);
  expect(await res.text()).toMatch(/Last name is required/);
});
