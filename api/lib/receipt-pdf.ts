import type { Selectable } from "kysely";
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";

import { formatKobo, type PaymentPurpose } from "@domain/payments";
import { applicationReference } from "@domain/registrations";
import { ACADEMY_COUNTRY, type SiteSettings } from "@domain/settings";

import type { ApplicantsTable, PaymentsTable } from "../db/schema";
import { channelWords } from "../mail/payment-mails";
import { drawable } from "./pdf-text";

// A receipt for each payment the academy has (docs/product.md §4, "Payments"): an A4 page drawn
// with pdf-lib's standard fonts, with the academy's details from its settings, what was paid,
// and a QR code to the applicant's private status page. Attached to the payment's mail and
// downloaded from the status page.

const A4: [number, number] = [595.28, 841.89];
const INK = rgb(0.13, 0.13, 0.16);
const ACCENT = rgb(0.55, 0.18, 0.38);
const MUTED = rgb(0.38, 0.38, 0.42);

const PURPOSES: Record<PaymentPurpose, string> = {
  registration_fee: "Registration fee",
  course_fee: "Course fee",
  instalment: "Instalment",
};

type Payment = Pick<
  Selectable<PaymentsTable>,
  | "reference"
  | "purpose"
  | "amount"
  | "method"
  | "channel"
  | "paid_at"
  | "transfer_reference"
  | "status"
  | "refunded_amount"
>;
type Applicant = Pick<Selectable<ApplicantsTable>, "id" | "firstname" | "lastname" | "course_title">;

/** A PDF's amount: the standard fonts have no naira sign. */
const pdfAmount = (kobo: number) => formatKobo(kobo).replace("₦", "NGN ");

const lagosTime = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    timeZone: "Africa/Lagos",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

/** The file as a mail attaches it and the status page names it. */
export const receiptFilename = (reference: string) => `Receipt-${reference}.pdf`;

/** The receipt of a paid (or since refunded) payment; `statusUrl` is the QR code's link. */
export async function receiptPdf(
  payment: Payment,
  applicant: Applicant,
  statusUrl: string,
  settings: SiteSettings,
): Promise<Buffer> {
  if (!payment.paid_at) throw new Error("Only a paid payment has a receipt");
  const academy = settings.contact.academyName;
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${payment.reference}`);
  doc.setAuthor(academy);
  doc.setCreator(academy);
  doc.setProducer(academy);
  // Dated by the payment: the same receipt makes the same file whenever it is drawn.
  doc.setCreationDate(new Date(payment.paid_at));
  doc.setModificationDate(new Date(payment.paid_at));
  const page = doc.addPage(A4);
  const [width, height] = A4;
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  const text = (t: string, x: number, y: number, font: PDFFont, size: number, color = INK) =>
    page.drawText(drawable(font, t), { x, y, size, font, color });

  // The academy, as its settings say (docs/decisions/060).
  const campus = settings.contact.campuses[0];
  text(academy, left, height - 72, bold, 20, ACCENT);
  const address = campus ? [campus.street, campus.city, ACADEMY_COUNTRY.name].filter(Boolean).join(", ") : "";
  const reach = [settings.phones[0]?.display, settings.contact.email].filter(Boolean).join("  ·  ");
  if (address) text(address, left, height - 92, sans, 10, MUTED);
  if (reach) text(reach, left, height - 106, sans, 10, MUTED);
  page.drawLine({
    start: { x: left, y: height - 122 },
    end: { x: width - left, y: height - 122 },
    thickness: 1,
    color: ACCENT,
  });

  text("Receipt", left, height - 162, bold, 26);
  text(payment.reference, left, height - 182, sans, 11, MUTED);

  const rows: [string, string][] = [
    ["Received from", `${applicant.firstname} ${applicant.lastname}`],
    ["Application", applicationReference(applicant.id)],
    ["Course", applicant.course_title],
    ["Paid for", PURPOSES[payment.purpose as PaymentPurpose] ?? payment.purpose],
    ["Amount", pdfAmount(payment.amount)],
    ["Paid on", `${lagosTime(payment.paid_at)} (Lagos time)`],
    ["Paid by", payment.method === "transfer" ? "Bank transfer" : channelWords(payment.channel) || "Paystack"],
    ["Payment reference", payment.reference],
  ];
  if (payment.transfer_reference) rows.push(["Transfer reference", payment.transfer_reference]);
  if (payment.status === "refunded")
    rows.push(["Refunded", payment.refunded_amount ? pdfAmount(payment.refunded_amount) : "Yes"]);
  let y = height - 232;
  for (const [label, value] of rows) {
    text(label, left, y, sans, 11, MUTED);
    text(value, left + 150, y, bold, 12);
    y -= 26;
  }

  // The QR code opens the applicant's own status page (docs/decisions/035).
  const qrSize = 112;
  const qr = await QRCode.toBuffer(statusUrl, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
  page.drawImage(await doc.embedPng(qr), { x: left, y: 96, width: qrSize, height: qrSize });
  text("Scan to follow your application", left + qrSize + 16, 168, bold, 11);
  text("on your private status page. Keep this receipt:", left + qrSize + 16, 152, sans, 10, MUTED);
  text("quote its reference with any question about it.", left + qrSize + 16, 138, sans, 10, MUTED);
  text(`Issued by ${academy}`, left, 64, sans, 9, MUTED);

  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** The receipt as a mail attaches it. */
export async function receiptAttachment(...args: Parameters<typeof receiptPdf>) {
  return {
    filename: receiptFilename(args[0].reference),
    contentType: "application/pdf",
    content: await receiptPdf(...args),
  };
}
