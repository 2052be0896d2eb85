import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, createStaff, startApi } from "./harness";

// The web tier's typed client, both ways it can reach the API: in-process (the default) and
// over HTTP (UPSTREAM_API_URL). Same calls, same answers, same cookie relay.
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

async function clientModule(upstreamUrl: string | undefined) {
  const { vi } = await import("vitest");
  vi.resetModules();
  if (upstreamUrl) process.env.UPSTREAM_API_URL = upstreamUrl;
  else delete process.env.UPSTREAM_API_URL;
  return import("../../app/upstream/index.server");
}

for (const mode of ["in-process", "over HTTP"] as const) {
  describe(`upstream client, ${mode}`, () => {
    const browser = (cookie?: string) =>
      new Request("http://localhost:3000/some/page", { headers: cookie ? { cookie } : {} });

    it("lists courses with the answer checked against its schema", async () => {
      const { upstream } = await clientModule(mode === "over HTTP" ? api.base : undefined);
      const client = upstream(browser());
      const courses = await client.courses.list({ limit: 5 });
      expect(Array.isArray(courses)).toBe(true);
    });

    it("relays the API's Set-Cookie on login and forwards the browser's cookie afterwards", async () => {
      const { upstream } = await clientModule(mode === "over HTTP" ? api.base : undefined);
      const staff = await createStaff(
        api,
        `upstream-${mode.replace(/\W/g, "").toLowerCase()}@academy.test`,
        undefined,
        {
          role: "editor",
          twoFactor: false,
        },
      );
      const client = upstream(browser());
      const user = await client.auth.login({ username: staff.email, password: staff.password, keepMeSignedIn: true });
      expect(user.email).toBe(staff.email);
      const setCookie = client.headers.get("set-cookie");
      expect(setCookie).toMatch(/^academy_session=/);

      const cookie = setCookie!.split(";")[0];
      expect(await upstream(browser(cookie)).auth.currentUser()).toMatchObject({ email: staff.email });
      expect(await upstream(browser()).auth.currentUser()).toBeNull();
    });

    it("turns a 401 into UnauthorizedError and other refusals into UpstreamError with the API's text", async () => {
      const mod = await clientModule(mode === "over HTTP" ? api.base : undefined);
      const client = mod.upstream(browser());
      await expect(client.drafts.get("job")).rejects.toBeInstanceOf(mod.UnauthorizedError);
      const refusal = client.contact.send({
        fullname: "",
        email: "a@b.co",
        phone: "+2348012345678",
        issue: 1,
        message: "Hi",
      });
      await expect(refusal).rejects.toBeInstanceOf(mod.UpstreamError);
      await expect(refusal).rejects.toThrow("Kindly input your fullname");
    });
  });
}
