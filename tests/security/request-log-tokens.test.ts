import { describe, expect, it } from "vitest";

import { loggedPath } from "../../api/request-log";

// Third review, finding 3: a status token reached the request log through Remix's single-fetch
// data request, `/application/<token>.data`: only a whole segment of token characters was masked.
// Now any run of token length inside a segment is.
const token = "Zq9TokenThatMustNeverBeLogged0123456789abc";

describe("the request log's paths", () => {
  it("masks a token-length run anywhere in a segment: .data requests, proofs, saved forms, upload tokens", () => {
    const paths = [
      `/application/${token}`,
      `/application/${token}.data`,
      `/application/${token}.data?_routes=routes%2Fapplication.%24token`,
      `/api/application/${token}/proof`,
      `/api/applicant/saved/${token}`,
      `/guardian/confirm/${token}.data`,
      `/x/u1.1790000000.abcdefghijkl.${token}`,
    ];
    const logged = paths.map(loggedPath);
    expect(logged).toEqual([
      "/application/:secret",
      "/application/:secret.data",
      "/application/:secret.data",
      "/api/application/:secret/proof",
      "/api/applicant/saved/:secret",
      "/guardian/confirm/:secret.data",
      "/x/u1.1790000000.abcdefghijkl.:secret",
    ]);
    expect(JSON.stringify(logged)).not.toContain(token.slice(0, 32));
  });

  it("leaves ordinary paths as they are", () => {
    expect(
      ["/courses", "/blog/hair-care-tips.data", "/api/courses", "/admin/applicants/5f1c2d3e4f5a6b7c8d9e0f1a"].map(
        loggedPath,
      ),
    ).toEqual(["/courses", "/blog/hair-care-tips.data", "/api/courses", "/admin/applicants/5f1c2d3e4f5a6b7c8d9e0f1a"]);
  });
});
