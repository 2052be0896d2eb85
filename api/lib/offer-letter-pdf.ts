import type { Selectable } from "kysely";
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";

import { courseTypeWords } from "@domain/choices";
import { dayWords } from "@domain/intakes";
import { formatKobo } from "@domain/payments";
import { applicationReference } from "@domain/registrations";
import { ACADEMY_COUNTRY, type SiteSettings } from "@domain/settings";

import type { ApplicantsTable, IntakesTable } from "../db/schema";
import { drawable } from "./pdf-text";

// The offer letter (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md): an A4 page
// drawn with pdf-lib like the receipt (api/lib/receipt-pdf.ts): the academy's details from its
// settings, the reference, course, intake, start, schedule, campus, fee and the acceptance
// deadline, and a QR code to the status page. Attached to the offer mail, downloaded from the page.

const A4: [number, number] = [595.28, 841.89];
const INK = rgb(0.13, 0.13, 0.16);
const ACCENT = rgb(0.55, 0.18, 0.38);
const MUTED = rgb(0.38, 0.38, 0.42);

type Applicant = Pick<
  Selectable<ApplicantsTable>,
  "id" | "firstname" | "lastname" | "course_title" | "course_type" | "offered_at" | "offer_expires_at"
>;
type Intake = Pick<
  Selectable<IntakesTable>,
  "start_date" | "end_date" | "duration" | "schedule" | "campus" | "fee_kobo"
> | null;

const pdfAmount = (kobo: number) => formatKobo(kobo).replace("₦", "NGN ");

/** A moment in Lagos words, to the minute. */
export const lagosMoment = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    timeZone: "Africa/Lagos",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

export const offerLetterFilename = (applicantId: string) => `Offer-${applicationReference(applicantId)}.pdf`;

/** The letter of an open or accepted offer; `statusUrl` is the QR code's link. */
export async function offerLetterPdf(
  applicant: Applicant,
  intake: Intake,
  statusUrl: string,
  settings: SiteSettings,
): Promise<Buffer> {
  if (!applicant.offered_at || !applicant.offer_expires_at) throw new Error("Only an offer has a letter");
  const academy = settings.contact.academyName;
  const reference = applicationReference(applicant.id);
  const doc = await PDFDocument.create();
  doc.setTitle(`Offer of admission ${reference}`);
  doc.setAuthor(academy);
  doc.setCreator(academy);
  doc.setProducer(academy);
  // Dated by the offer: the same offer makes the same file whenever it is drawn.
  doc.setCreationDate(new Date(applicant.offered_at));
  doc.setModificationDate(new Date(applicant.offered_at));
  const page = doc.addPage(A4);
  const [width, height] = A4;
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  const text = (t: string, x: number, y: number, font: PDFFont, size: number, color = INK) =>
    page.drawText(drawable(font, t), { x, y, size, font, color });

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

  text("Offer of admission", left, height - 162, bold, 26);
  text(reference, left, height - 182, sans, 11, MUTED);
  text(`Dear ${applicant.firstname} ${applicant.lastname},`, left, height - 214, sans, 12);
  text(`${academy} is pleased to offer you a seat in the course below.`, left, height - 232, sans, 12);

  const rows: [string, string][] = [
    ["Applicant", `${applicant.firstname} ${applicant.lastname}`],
    ["Reference", reference],
    ["Course", `${applicant.course_title} (${courseTypeWords(applicant.course_type)})`],
  ];
  if (intake) {
    rows.push(["Intake", `Starting ${dayWords(intake.start_date)}`]);
    rows.push(["Start", dayWords(intake.start_date)]);
    rows.push(["Ends", intake.end_date ? dayWords(intake.end_date) : intake.duration]);
    rows.push(["Schedule", intake.schedule]);
    rows.push(["Campus", intake.campus]);
    rows.push(["Course fee", pdfAmount(Number(intake.fee_kobo))]);
  }
  rows.push(["Offered on", `${lagosMoment(applicant.offered_at)} (Lagos time)`]);
  rows.push(["Accept by", `${lagosMoment(applicant.offer_expires_at)} (Lagos time)`]);
  let y = height - 276;
  for (const [label, value] of rows) {
    text(label, left, y, sans, 11, MUTED);
    text(value, left + 130, y, bold, 12);
    y -= 26;
  }
  y -= 8;
  text("Accept or decline this offer on your private status page before the deadline.", left, y, sans, 11);
  text("An offer not accepted by then lapses, and the seat goes to the next in line.", left, y - 16, sans, 11);

  // The QR code opens the applicant's own status page (docs/decisions/035).
  const qrSize = 112;
  const qr = await QRCode.toBuffer(statusUrl, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
  page.drawImage(await doc.embedPng(qr), { x: left, y: 96, width: qrSize, height: qrSize });
  text("Scan to answer this offer", left + qrSize + 16, 168, bold, 11);
  text("on your private status page. Quote the reference", left + qrSize + 16, 152, sans, 10, MUTED);
  text("above with any question about it.", left + qrSize + 16, 138, sans, 10, MUTED);
  text(`Issued by ${academy}`, left, 64, sans, 9, MUTED);

  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export async function offerLetterAttachment(...args: Parameters<typeof offerLetterPdf>) {
  return {
    filename: offerLetterFilename(args[0].id),
    contentType: "application/pdf",
    content: await offerLetterPdf(...args),
  };
}
