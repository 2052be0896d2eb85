import { Hono } from "hono";

import { completeInput, graduatesQuery, issueInput, revokeInput, typedNumber } from "../certificate-schemas";
import { check, type Env, fail, limitBody, query, readBody, requirePermission } from "../http";
import {
  certificateInForce,
  checkCertificate,
  completeApplicants,
  courseGraduates,
  issueCertificates,
  revokeCertificate,
} from "../lib/certificates";
import { publishedKeys, signedCredential } from "../lib/credential";
import { spendPerIp } from "../limits";
import { certificateMessages as m } from "../messages";

// Certificates (docs/decisions/058-certificates-and-their-public-check.md; docs/product.md,
// "Certificates"): staff with the applicants permission (Admin, Admissions) complete, issue and
// revoke; anyone checks a number (rate-limited per address) and fetches a valid certificate's
// signed credential; the credential keys' public halves are public.
export const certificates = new Hono<Env>();
// Mounted at the API's root: the limit is for this router's own paths, not every address after it.
certificates.use("/certificates/*", limitBody(64 * 1024));

// Never kept by a browser or a proxy: a revocation shows on the next look, on every instance.
const FRESH = { "cache-control": "no-store" };

certificates.get("/certificates/check/:number", async (c) => {
  await spendPerIp("certificateLookupsPerIp", m.tooManyLookups);
  const number = check(typedNumber, c.req.param("number"));
  return c.json(await checkCertificate(c.get("db"), number), 200, FRESH);
});

certificates.get("/certificates/credential/:number", async (c) => {
  await spendPerIp("certificateLookupsPerIp", m.tooManyLookups);
  const db = c.get("db");
  const row = await certificateInForce(db, check(typedNumber, c.req.param("number")));
  if (!row) fail(404, m.notFound);
  const credential = await signedCredential(db, row);
  if (!credential) return c.text(m.credentialUnavailable, 503, FRESH);
  return c.json(credential, 200, FRESH);
});

/** The public keys that check the credentials (current and retired), as a JWK Set. */
certificates.get("/credential-keys", async (c) =>
  c.json(await publishedKeys(c.get("db")), 200, { "cache-control": "public, max-age=300" }),
);

certificates.get("/certificates/graduates", requirePermission("applicants"), async (c) => {
  const { course, intake } = query(c, graduatesQuery);
  return c.json(await courseGraduates(c.get("db"), course, intake));
});

certificates.post("/certificates/complete", requirePermission("applicants"), async (c) => {
  const input = check(completeInput, await readBody(c));
  return c.json(await completeApplicants(c.get("db"), c.get("user")!, input));
});

certificates.post("/certificates/issue", requirePermission("applicants"), async (c) => {
  const input = check(issueInput, await readBody(c));
  return c.json(await issueCertificates(c.get("db"), c.get("user")!, input));
});

certificates.post("/certificates/:number/revoke", requirePermission("applicants"), async (c) => {
  const { reason } = check(revokeInput, await readBody(c));
  const number = check(typedNumber, c.req.param("number"));
  if (!(await revokeCertificate(c.get("db"), c.get("user")!, number, reason))) fail(404, m.notFound);
  return c.json({ revoked: true });
});
