import { afterAll, beforeAll, expect, it } from "vitest";

import { type Api, send, startApi } from "./harness";

// SETUP_TOKEN from the environment stands for the printed code (docs/decisions/061), and outside
// production there is no setup at all (the tests, the demo: their accounts are made otherwise).
let api: Api;
beforeAll(async () => {
  api = await startApi({ nodeEnv: "production", env: { SETUP_TOKEN: "operator-chosen-token-2026" } });
});
afterAll(() => api.close());

it("accepts SETUP_TOKEN as the code and prints no code", async () => {
  const { announceSetupCode } = await import("../../api/lib/setup");
  const lines: string[] = [];
  await announceSetupCode((line) => lines.push(line));
  expect(lines.join("\n")).not.toMatch(/setup code [A-Z0-9]{4}-/);
  const body = { academyName: "Academy", name: "Ops", email: "ops@academy.test", password: "Operator#Pass2026" };
  expect((await send(api, "POST", "/api/setup", { json: { ...body, code: "wrong-token-value" } })).status).toBe(403);
  expect(
    (await send(api, "POST", "/api/setup", { json: { ...body, code: "operator-chosen-token-2026" } })).status,
  ).toBe(201);
  expect((await send(api, "GET", "/api/setup")).status).toBe(404);
});
