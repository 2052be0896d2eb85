import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for Paystack on this machine (no test here reaches the internet), written from
// Paystack's public API reference: `POST /transaction/initialize`, `GET /transaction/verify/:reference`
// (Bearer secret key; amounts in kobo), a checkout page the browser is sent to, and webhook
// events signed with `x-paystack-signature`, the HMAC-SHA512 (hex) of the raw body under the
// secret key. The product knows it only as PAYSTACK_BASE_URL (docs/deploy.md, "Paying online").

export type FakeTransaction = {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  metadata: unknown;
  status: "abandoned" | "success" | "failed";
  channel: string | null;
  paidAt: string | null;
  createdAt: string;
};

export type PaystackOptions = {
  secretKey: string;
  /** Where signed events go (the academy's webhook URL); none: no events are sent. */
  webhookUrl?: string;
  port?: number;
  host?: string;
};

let nextId = 4_099_260_000;

/** The transaction as verify and the charge events carry it. */
export function transactionData(t: FakeTransaction) {
  return {
    id: t.id,
    domain: "test",
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    currency: t.currency,
    channel: t.channel,
    gateway_response:
      t.status === "success" ? "Successful" : t.status === "failed" ? "Declined" : "The transaction was not completed",
    paid_at: t.paidAt,
    created_at: t.createdAt,
    metadata: t.metadata,
    customer: { email: t.email },
  };
}

export const signBody = (secretKey: string, body: string) =>
  crypto.createHmac("sha512", secretKey).update(body).digest("hex");

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export async function startPaystack(options: PaystackOptions) {
  const byReference = new Map<string, FakeTransaction>();
  const byCode = new Map<string, FakeTransaction>();
  /** Every event sent, with the academy's answer. */
  const deliveries: { event: string; reference: string; status: number }[] = [];
  const pending = new Set<Promise<unknown>>();
  let base = "";

  function json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }
  const authorised = (req: http.IncomingMessage) => req.headers.authorization === `Bearer ${options.secretKey}`;

  /** Sends one event as Paystack does; `tamper` changes the body after signing, `signature` replaces it ("" sends none). */
  async function deliver(
    event: string,
    data: unknown,
    opts: { tamper?: (body: string) => string; signature?: string; secretKey?: string; to?: string } = {},
  ) {
    const to = opts.to ?? options.webhookUrl;
    if (!to) throw new Error("no webhook URL");
    const body = JSON.stringify({ event, data });
    const signature = opts.signature ?? signBody(opts.secretKey ?? options.secretKey, body);
    const sent = opts.tamper ? opts.tamper(body) : body;
    const res = await fetch(to, {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature ? { "x-paystack-signature": signature } : {}) },
      body: sent,
    });
    const text = await res.text();
    const reference = (data as { reference?: string; transaction_reference?: string }).reference ?? "";
    deliveries.push({ event, reference, status: res.status });
    return { status: res.status, text };
  }

  /** charge.success for a transaction, as Paystack sends it once the checkout completes. */
  const chargeSuccess = (t: FakeTransaction, opts: Parameters<typeof deliver>[2] = {}) =>
    deliver("charge.success", transactionData(t), opts);

  function complete(t: FakeTransaction, outcome: "success" | "failed" | "abandoned") {
    if (t.status === "success") return;
    t.status = outcome;
    if (outcome === "success") {
      t.channel = "card";
      t.paidAt = new Date().toISOString();
      if (options.webhookUrl) {
        // As Paystack: the event goes on its own, racing the browser's return to the callback.
        const p = chargeSuccess(t).catch(() => undefined);
        pending.add(p);
        void p.finally(() => pending.delete(p));
      }
    }
  }

  const callbackOf = (t: FakeTransaction) =>
    `${t.callbackUrl}${t.callbackUrl.includes("?") ? "&" : "?"}trxref=${encodeURIComponent(t.reference)}&reference=${encodeURIComponent(t.reference)}`;

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://paystack.local");
      if (req.method === "GET" && url.pathname === "/health") return json(res, 200, { ok: true });
      if (req.method === "POST" && url.pathname === "/transaction/initialize") {
        if (!authorised(req)) return json(res, 401, { status: false, message: "Invalid key" });
        const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        const amount = Number(body.amount);
        if (typeof body.email !== "string" || !Number.isInteger(amount) || amount <= 0)
          return json(res, 400, { status: false, message: "Invalid amount or email" });
        const reference =
          typeof body.reference === "string" ? body.reference : `T${crypto.randomBytes(8).toString("hex")}`;
        if (byReference.has(reference))
          return json(res, 400, { status: false, message: "Duplicate Transaction Reference" });
        const t: FakeTransaction = {
          id: nextId++,
          reference,
          accessCode: crypto.randomBytes(8).toString("hex"),
          email: body.email,
          amount,
          currency: typeof body.currency === "string" ? body.currency : "NGN",
          callbackUrl: String(body.callback_url ?? ""),
          metadata: body.metadata ?? null,
          status: "abandoned",
          channel: null,
          paidAt: null,
          createdAt: new Date().toISOString(),
        };
        byReference.set(reference, t);
        byCode.set(t.accessCode, t);
        return json(res, 200, {
          status: true,
          message: "Authorization URL created",
          data: { authorization_url: `${base}/checkout/${t.accessCode}`, access_code: t.accessCode, reference },
        });
      }
      const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && verify) {
        if (!authorised(req)) return json(res, 401, { status: false, message: "Invalid key" });
        const t = byReference.get(decodeURIComponent(verify[1]));
        if (!t) return json(res, 400, { status: false, message: "Transaction reference not found" });
        return json(res, 200, { status: true, message: "Verification successful", data: transactionData(t) });
      }
      const checkout = /^\/checkout\/([0-9a-f]+)(?:\/(pay|fail|cancel))?$/.exec(url.pathname);
      if (checkout) {
        const t = byCode.get(checkout[1]);
        if (!t) return json(res, 404, { status: false, message: "Not found" });
        if (req.method === "GET" && !checkout[2]) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return res.end(`<!doctype html><html lang="en"><head><title>Paystack checkout (test)</title></head><body>
<h1>Pay NGN ${(t.amount / 100).toFixed(2)}</h1><p>${escapeHtml(t.email)}</p>
<form method="post" action="/checkout/${t.accessCode}/pay"><button>Pay now</button></form>
<form method="post" action="/checkout/${t.accessCode}/fail"><button>Decline the card</button></form>
<form method="post" action="/checkout/${t.accessCode}/cancel"><button>Cancel payment</button></form>
</body></html>`);
        }
        if (req.method === "POST") {
          await readBody(req);
          complete(t, checkout[2] === "pay" ? "success" : checkout[2] === "fail" ? "failed" : "abandoned");
          res.writeHead(302, { location: callbackOf(t) });
          return res.end();
        }
      }
      json(res, 404, { status: false, message: "Not found" });
    } catch {
      json(res, 400, { status: false, message: "Bad request" });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  base = `http://${options.host ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;

  return {
    base,
    deliveries,
    /** Where events go from now on (the academy's address is known only once it has started). */
    setWebhookUrl(url: string) {
      options.webhookUrl = url;
    },
    transaction: (reference: string) => byReference.get(reference),
    /** The checkout completing or failing, as the browser's button would. */
    complete: (reference: string, outcome: "success" | "failed" | "abandoned") => {
      const t = byReference.get(reference);
      if (!t) throw new Error(`no transaction ${reference}`);
      complete(t, outcome);
      return t;
    },
    deliver,
    chargeSuccess,
    /** Waits for the events sent on their own (after a checkout). */
    async settled() {
      await Promise.all([...pending]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakePaystack = Awaited<ReturnType<typeof startPaystack>>;
