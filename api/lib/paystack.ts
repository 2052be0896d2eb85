import crypto from "node:crypto";

import { z } from "zod";

import { config } from "../config";

// Paystack's API as its public reference documents it (docs/decisions/062-the-server-decides-money-arrived.md):
// amounts in kobo, `POST /transaction/initialize`, `GET /transaction/verify/:reference`, and
// webhooks signed with the HMAC-SHA512 of the raw body under the secret key. The key goes only
// into the Authorization header: no error, log line or answer carries it (docs/security.md).

/** Paystack could not be reached, or refused the call; the message never holds the key or the answer's body. */
export class PaystackError extends Error {
  constructor(public status: number) {
    super(`Paystack answered ${status}`);
    this.name = "PaystackError";
  }
}

export const paystackEnabled = () => Boolean(config().PAYSTACK_SECRET_KEY);

async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
  const key = config().PAYSTACK_SECRET_KEY;
  if (!key) throw new PaystackError(0);
  const base = config().PAYSTACK_BASE_URL.replace(/\/$/, "");
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new PaystackError(0);
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new PaystackError(res.status);
  return json;
}

const initializeAnswer = z.object({
  status: z.literal(true),
  data: z.object({ authorization_url: z.url(), access_code: z.string(), reference: z.string() }),
});

/** A transaction's data as verify and the charge events carry it (only what the academy reads). */
export const paystackTransaction = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  reference: z.string().max(200),
  amount: z.number().int(),
  currency: z.string().max(8),
  channel: z.string().max(40).nullish(),
  paid_at: z.string().nullish(),
});
export type PaystackTransaction = z.infer<typeof paystackTransaction>;

const verifyAnswer = z.object({ status: z.literal(true), data: paystackTransaction });

export async function initializeTransaction(input: {
  email: string;
  amount: number;
  currency: string;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, string>;
}) {
  const parsed = initializeAnswer.safeParse(
    await call("POST", "/transaction/initialize", {
      email: input.email,
      amount: input.amount,
      currency: input.currency,
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: input.metadata,
    }),
  );
  if (!parsed.success) throw new PaystackError(502);
  return parsed.data.data;
}

/** Paystack's own word on a transaction: the only thing the callback believes. */
export async function verifyTransaction(reference: string) {
  const raw = await call("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
  const parsed = verifyAnswer.safeParse(raw);
  if (!parsed.success) throw new PaystackError(502);
  return { transaction: parsed.data.data, raw };
}

/** Whether `signature` is the HMAC-SHA512 (hex) of the raw body under the secret key, compared in constant time. */
export function validSignature(rawBody: Uint8Array, signature: string | undefined) {
  const key = config().PAYSTACK_SECRET_KEY;
  if (!key || !signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = crypto.createHmac("sha512", key).update(rawBody).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(signature, "hex"));
}
