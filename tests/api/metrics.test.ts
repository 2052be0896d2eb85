import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, send, sleep, startApi } from "./harness";
import { freePort } from "./smtp";

// GET /metrics (docs/deploy.md, "Metrics"): what an operator's Prometheus scrapes. The handler is
// the one app/routes/metrics.ts answers with, served here on an HTTP server of its own (every
// server of the process carries the client's address the same way).
const TOKEN = "metrics-token-for-the-api-suite-0123456789";
let api: Api;
let metrics: http.Server;
let metricsUrl = "";

beforeAll(async () => {
  // A mail server that is down: each mail's first attempt fails and is retried later.
  const smtpPort = await freePort();
  api = await startApi({
    rateLimitFactor: 1,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_SECONDS: "600", METRICS_TOKEN: TOKEN },
  });
  const { metricsResponse } = await import("../../api/lib/metrics");
  metrics = http.createServer(async (req, res) => {
    const answer = await metricsResponse(
      new Request(`http://localhost${req.url}`, { headers: req.headers as Record<string, string> }),
    );
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => metrics.listen(0, "127.0.0.1", resolve));
  metricsUrl = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`;
});
afterAll(async () => {
  await new Promise((r) => metrics.close(r));
  await api.close();
});

async function scrape(headers: Record<string, string> = {}) {
  const res = await fetch(metricsUrl, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  return res.text();
}

/** The value of one series (name and exact label set as Prometheus writes them), 0 when absent. */
function valueOf(text: string, series: string) {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("GET /metrics", () => {
  it("counts a burst of requests by route pattern, and a failing mail, and the outbox it left", async () => {
    const before = await scrape();
    const pattern = 'academy_http_requests_total{route="/api/courses/:id",method="GET",status="404"}';
    const healthPattern = 'academy_http_requests_total{route="/api/health/ready",method="GET",status="200"}';
    for (let i = 0; i < 20; i++) expect((await send(api, "GET", `/api/courses/no-such-course-${i}`)).status).toBe(404);
    for (let i = 0; i < 5; i++) expect((await send(api, "GET", "/api/health/ready")).status).toBe(200);
    // A contact message queues a notice to the academy; the mail server is down, so its attempt fails.
    const contact = await send(api, "POST", "/api/contact", {
      form: {
        fullname: "Metrics Probe",
        email: "probe@example.com",
        phone: "+234 803 123 4567",
        issue: "2",
        message: "Counting what happens to this notice.",
      },
    });
    expect(contact.status).toBe(201);
    let after = "";
    for (let i = 0; i < 100; i++) {
      after = await scrape();
      if (valueOf(after, 'academy_mail_attempts_total{outcome="retry"}') > 0) break;
      await sleep(100);
    }
    expect(valueOf(after, pattern) - valueOf(before, pattern)).toBe(20);
    expect(valueOf(after, healthPattern) - valueOf(before, healthPattern)).toBe(5);
    expect(valueOf(after, 'academy_mail_attempts_total{outcome="retry"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'academy_mail_attempts_total{outcome="sent"}')).toBe(0);
    expect(valueOf(after, "academy_mail_outbox_depth")).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'academy_job_runs_total{job="mail_queue",outcome="success"}')).toBeGreaterThanOrEqual(1);
    // The latency histogram moved with the counter: one observation per request.
    const count = 'academy_http_request_duration_seconds_count{route="/api/courses/:id",method="GET"}';
    expect(valueOf(after, count) - valueOf(before, count)).toBe(20);
    // Patterns only: no raw path, id or token became a label.
    expect(after).not.toContain("no-such-course");
    // The process's own figures: memory and event-loop delay.
    expect(valueOf(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(after).toMatch(/^academy_build_info\{version="[^"]+",commit="[^"]+"\} 1$/m);
  });

  it("counts a rate-limit refusal under its limiter's name", async () => {
    const series = 'academy_rate_limit_refusals_total{limiter="resetRequestsPerAddress"}';
    const before = valueOf(await scrape(), series);
    let refused = false;
    for (let i = 0; i < 20 && !refused; i++) {
      const res = await send(api, "POST", "/api/auth/password-reset", {
        json: { email: "nobody-limited@example.com" },
      });
      refused = res.status === 429;
    }
    expect(refused).toBe(true);
    expect(valueOf(await scrape(), series)).toBeGreaterThan(before);
  });

  it("passes promtool check metrics", async () => {
    const text = await scrape();
    const file = path.join(os.tmpdir(), `academy-metrics-${process.pid}.txt`);
    fs.writeFileSync(file, text);
    try {
      // promtool reads the scrape on stdin; it exits non-zero on a malformed exposition.
      const out = execFileSync("sh", ["-c", `promtool check metrics < ${file}`], { encoding: "utf8" });
      expect(out).not.toMatch(/error/i);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it("answers 404 to another address, or to a caller relayed by a proxy it does not trust", async () => {
    const { withClientAddress } = await import("../../api/client-ip");
    const { metricsResponse } = await import("../../api/lib/metrics");
    const from = (address: string, forwardedFor?: string) =>
      withClientAddress(address, () => metricsResponse(new Request("http://localhost/metrics")), forwardedFor);
    expect((await from("203.0.113.7")).status).toBe(404);
    expect((await from("127.0.0.1", "203.0.113.7")).status).toBe(404);
    expect((await from("127.0.0.1")).status).toBe(200);
  });

  it("answers 403 to a wrong token and 200 to the right one, from any address", async () => {
    const { withClientAddress } = await import("../../api/client-ip");
    const { metricsResponse } = await import("../../api/lib/metrics");
    const withToken = (token: string) =>
      withClientAddress("203.0.113.7", () =>
        metricsResponse(new Request("http://localhost/metrics", { headers: { authorization: `Bearer ${token}` } })),
      );
    expect((await withToken("not-the-token-not-the-token-0000")).status).toBe(403);
    const res = await withToken(TOKEN);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("academy_http_requests_total");
  });

  it("housekeeping runs every step though one throws, counts that step failed, and says which", async () => {
    const { runHousekeeping } = await import("../../api/housekeeping");
    const ran: string[] = [];
    const run = runHousekeeping([
      { name: "first", run: async () => void ran.push("first") },
      {
        name: "broken",
        run: async () => {
          throw new Error("the disk is full");
        },
      },
      { name: "after", run: async () => void ran.push("after") },
    ]);
    await expect(run).rejects.toThrow("housekeeping steps failed: broken");
    expect(ran).toEqual(["first", "after"]);
    const text = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(valueOf(text, 'academy_job_runs_total{job="housekeeping_broken",outcome="failure"}')).toBe(1);
    expect(valueOf(text, 'academy_job_runs_total{job="housekeeping_after",outcome="success"}')).toBe(1);
  });
});
