import { describe, expect, it } from "vitest";

import { readEnv } from "~/env.server";

import { readConfig } from "../../api/config";

// Links in e-mails, canonical URLs and the sitemap use the public URL. Unset, it is the address
// the server listens on, so the demo's reset link works whatever PORT the quick start used.
type Env = Record<string, string>;
describe.each([
  ["the API's config", (env: Env) => readConfig(env as NodeJS.ProcessEnv).PUBLIC_URL],
  ["the web tier's env", (env: Env) => readEnv(env as NodeJS.ProcessEnv).publicUrl],
])("public URL in %s", (_name, publicUrl) => {
  it("follows PORT when PUBLIC_URL is not set", () => {
    expect(publicUrl({ PORT: "4075" })).toBe("http://localhost:4075");
  });

  it("is localhost:3000 when neither is set, or when they are empty", () => {
    expect(publicUrl({})).toBe("http://localhost:3000");
    expect(publicUrl({ PORT: "", PUBLIC_URL: "" })).toBe("http://localhost:3000");
  });

  it("is PUBLIC_URL when set, whatever the port, without a trailing slash", () => {
    expect(publicUrl({ PORT: "4075", PUBLIC_URL: "https://academy.example/" })).toBe("https://academy.example");
  });

  it("refuses a PORT that is not a port number", () => {
    expect(() => publicUrl({ PORT: "80a" })).toThrow(/PORT/);
    expect(() => publicUrl({ PORT: "70000" })).toThrow(/PORT/);
  });
});
