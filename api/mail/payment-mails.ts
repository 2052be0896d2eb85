import { dayWords } from "@domain/intakes";
import { formatKobo, paidWhenWords } from "@domain/payments";
import type { SiteSettings } from "@domain/settings";
import type { Statement } from "@domain/statement";

import { greetingName, signature } from "./templates";

// The mails a payment sends (docs/product.md §4, "Paying online"): the applicant's receipt, in
// text and HTML, and the academy's notice of money that came for a closed application.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

const CHANNELS: Record<string, string> = {
  card: "Card",
  bank: "Bank account",
  bank_transfer: "Bank transfer",
  ussd: "USSD",
  mobile_money: "Mobile money",
  qr: "QR code",
};
/** What a payment paid for, as a receipt and its mail say it: "Course fee, instalment 2 of 3". */
export function paidForWords(p: { purpose: string; instalment: number | null }, instalmentOf?: number | null) {
  if (p.purpose === "instalment") {
    const part = p.instalment ? ` ${p.instalment}${instalmentOf ? ` of ${instalmentOf}` : ""}` : "";
    return `Course fee, instalment${part}`;
  }
  return p.purpose === "course_fee" ? "Course fee" : "Registration fee";
}

/**
 * What an application still owes, in one sentence for the receipts, the enrolled mail and the
 * answers (docs/decisions/093-paid-means-nothing-is-owed.md): "Still owed: ₦150,000. Next:
 * instalment 1 of 2, ₦75,000, due 10 Jan 2027." `money` prints kobo (the PDF's fonts have no ₦).
 */
export function owedWords(s: Statement, money: (kobo: number) => string = formatKobo) {
  const back = s.toRefundKobo > 0 ? ` ${money(s.toRefundKobo)} paid beyond what is owed is to be refunded.` : "";
  if (s.settled || !s.dueNext) return `Nothing is owed now.${back}`;
  const next = s.dueNext;
  const what =
    next.what === "registration"
      ? "the registration fee"
      : next.n
        ? `instalment ${next.n} of ${next.of}`
        : "the course fee";
  const due = next.dueOn ? `, due ${dayWords(next.dueOn)}` : "";
  return `Still owed: ${money(s.owedKobo)}. Next: ${what}, ${money(next.amountKobo)}${due}.${back}`;
}

/**
 * What an application paid, net of refunds, as a withdrawal says it (docs/decisions/099):
 * `total` "₦125,000" and `words` "₦125,000 (₦25,000 online, ₦100,000 by bank transfer)"; null
 * when it paid nothing.
 */
export function paidWords(s: Statement) {
  if (s.paidKobo <= 0) return null;
  const total = formatKobo(s.paidKobo);
  const ways = [
    s.onlineKobo > 0 ? `${formatKobo(s.onlineKobo)} online` : null,
    s.transferKobo > 0 ? `${formatKobo(s.transferKobo)} by bank transfer` : null,
    s.refundedKobo > 0 ? `${formatKobo(s.refundedKobo)} already refunded` : null,
  ].filter((w): w is string => w !== null);
  if (ways.length === 1 && s.refundedKobo === 0) return { total, words: ways[0]! };
  return { total, words: `${total} (${ways.join(", ")})` };
}

/** The receipt's rows of what is still owed after it (the PDF's fonts have no ₦: `money` prints kobo). */
export function owedRows(s: Statement, money: (kobo: number) => string): [string, string][] {
  if (s.settled || !s.dueNext) return [["Still owed", "Nothing"]];
  const next = s.dueNext;
  const what =
    next.what === "registration" ? "Registration fee" : next.n ? `Instalment ${next.n} of ${next.of}` : "Course fee";
  const due = next.dueOn ? ` due ${dayWords(next.dueOn)}` : "";
  return [
    ["Still owed", money(s.owedKobo)],
    ["Next payment", `${what}: ${money(next.amountKobo)}${due}`],
  ];
}

export const channelWords = (channel: string | null) => (channel ? (CHANNELS[channel] ?? channel) : "");

/** The receipt of a registration fee paid online: what was paid, when, how, and the payment's reference. */
export function paymentReceiptMail(
  d: {
    firstname: string;
    applicationReference: string;
    course: string;
    paymentReference: string;
    amount: number;
    paidAt: string;
    method: string;
    channel: string | null;
    url: string;
    /** "Registration fee" unless said: "Course fee", "Course fee, instalment 1 of 3" (paidForWords). */
    paidFor?: string;
    /** What is still owed after this payment (owedWords; docs/decisions/093). */
    owed: string;
  },
  s: SiteSettings,
) {
  const paidFor = d.paidFor ?? "Registration fee";
  const name = greetingName(d.firstname);
  const signed = signature(s);
  const rows: [string, string][] = [
    ["Application", d.applicationReference],
    ["Course", d.course],
    ["Paid for", paidFor],
    ["Amount", formatKobo(d.amount)],
    ["Paid on", paidWhenWords(d.paidAt, d.method)],
    ["Paid by", channelWords(d.channel) || "Paystack"],
    ["Payment reference", d.paymentReference],
  ];
  const greeting = name ? `Dear ${name},` : "Dear applicant,";
  const thanks = `We have received your ${d.paidFor ? `payment (${d.paidFor.toLowerCase()})` : "registration fee"} of ${formatKobo(d.amount)} for application ${d.applicationReference}. Thank you.`;
  return {
    subject: `Payment received — ${d.applicationReference}`,
    text: [
      greeting,
      "",
      thanks,
      "",
      ...rows.map(([k, v]) => `${k}: ${v}`),
      "",
      d.owed,
      "",
      "Follow your application on your private status page:",
      d.url,
      "",
      "Keep this e-mail as your receipt. Reply to it with any question about your payment.",
      ...signed,
    ].join("\n"),
    html: `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(thanks)}</p>
<h1 style="font-size:18px">Receipt</h1>
<table style="border-collapse:collapse">${rows
      .map(
        ([k, v]) =>
          `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
      )
      .join("")}</table>
<p><strong>${escapeHtml(d.owed)}</strong></p>
<p>Follow your application on <a href="${escapeHtml(d.url)}">your private status page</a>.</p>
<p>Keep this e-mail as your receipt. Reply to it with any question about your payment.</p>
<p>${escapeHtml(signed[1])}</p>
</body></html>`,
  };
}

/** Money arrived for an application already withdrawn or declined: recorded, and to be refunded. */
export function refundDueMail(d: {
  applicationReference: string;
  paymentReference: string;
  amount: number;
  /** The money is beyond the intake's course fee (the application is open), not for a closed application. */
  beyondFee?: boolean;
  /** The registration fee paid a second time: the payment that counted first (docs/decisions/092). */
  paidBefore?: string;
  url: string;
}) {
  const refundHow = d.paymentReference.startsWith("TRF-")
    ? "It is recorded and marked for a refund: return it by bank transfer, then record the refund on the payments page."
    : "It is recorded and marked for a refund: refund it in Paystack's dashboard, then record the refund on the payments page.";
  if (d.paidBefore)
    return {
      subject: `Refund due: registration fee paid twice, application ${d.applicationReference}`,
      text: [
        `The registration fee of application ${d.applicationReference} was paid twice: ${formatKobo(d.amount)} by payment ${d.paymentReference}, after payment ${d.paidBefore} had paid it.`,
        "No second receipt was sent to the applicant.",
        refundHow,
        "",
        d.url,
      ].join("\n"),
    };
  return {
    subject: d.beyondFee
      ? `Refund due: paid beyond the course fee, application ${d.applicationReference}`
      : `Refund due: payment for closed application ${d.applicationReference}`,
    text: [
      d.beyondFee
        ? `${formatKobo(d.amount)} of payment ${d.paymentReference} is beyond the course fee of application ${d.applicationReference}.`
        : `A payment of ${formatKobo(d.amount)} (reference ${d.paymentReference}) arrived for application ${d.applicationReference}, which is withdrawn or declined.`,
      "It is recorded and marked for a refund: refund it in Paystack's dashboard, then record the refund on the payments page.",
      "",
      d.url,
    ].join("\n"),
  };
}
