import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";

import { certificateDay, formatCertificateNumber } from "@domain/certificates";

import { academyIdentity } from "./academy-identity";
import { drawable } from "./pdf-text";

// The certificate as a PDF (docs/decisions/058-certificates-and-their-public-check.md): A4
// landscape, drawn with pdf-lib and its standard fonts (nothing to install, a file of a few
// tens of kilobytes), with a QR code to the public check page.

export type CertificateFacts = {
  number: string;
  holderName: string;
  courseTitle: string;
  /** YYYY-MM-DD */
  completedOn: string;
  grade: string | null;
  issuedByName: string;
  checkUrl: string;
};

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const INK = rgb(0.13, 0.13, 0.16);
const ACCENT = rgb(0.55, 0.18, 0.38);
const MUTED = rgb(0.38, 0.38, 0.42);

/** The largest size up to `size` at which the text fits the width. */
function sizeToFit(font: PDFFont, text: string, size: number, width: number) {
  const at = font.widthOfTextAtSize(text, size);
  return at <= width ? size : Math.max(10, (size * width) / at);
}

export async function certificatePdf(facts: CertificateFacts): Promise<Buffer> {
  const academy = await academyIdentity();
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate ${formatCertificateNumber(facts.number)}`);
  doc.setAuthor(academy.name);
  doc.setCreator(academy.name);
  doc.setProducer(academy.name);
  // A fixed moment: the same certificate makes the same file whenever it is drawn.
  doc.setCreationDate(new Date(`${facts.completedOn}T12:00:00Z`));
  doc.setModificationDate(new Date(`${facts.completedOn}T12:00:00Z`));
  const page = doc.addPage(A4_LANDSCAPE);
  const [width, height] = A4_LANDSCAPE;
  const serif = await doc.embedFont(StandardFonts.TimesRoman);
  const serifBold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const sans = await doc.embedFont(StandardFonts.Helvetica);

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: ACCENT, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: ACCENT, borderWidth: 0.75 });

  const centred = (text: string, y: number, font: PDFFont, size: number, color = INK) => {
    const line = drawable(font, text);
    const fitted = sizeToFit(font, line, size, width - 160);
    page.drawText(line, { x: (width - font.widthOfTextAtSize(line, fitted)) / 2, y, size: fitted, font, color });
  };

  centred(academy.name.toUpperCase(), height - 96, serifBold, 30, ACCENT);
  centred(academy.place, height - 118, sans, 11, MUTED);
  centred("Certificate of Completion", height - 178, serif, 36);
  centred("This is to certify that", height - 222, sans, 13, MUTED);
  centred(facts.holderName, height - 272, serifBold, 34);
  centred("has completed the course", height - 308, sans, 13, MUTED);
  centred(facts.courseTitle, height - 346, serifBold, 24);
  centred(`on ${certificateDay(facts.completedOn)}${facts.grade ? ` · ${facts.grade}` : ""}`, height - 378, sans, 13);

  // Bottom: who issued it (left), the number and how to check it (right, beside the QR code).
  const left = 72;
  page.drawLine({ start: { x: left, y: 132 }, end: { x: left + 220, y: 132 }, thickness: 0.75, color: MUTED });
  page.drawText(drawable(sans, facts.issuedByName), { x: left, y: 114, size: 11, font: sans, color: INK });
  page.drawText(`For ${academy.name}`, { x: left, y: 99, size: 10, font: sans, color: MUTED });

  const qrSize = 104;
  const qrX = width - 72 - qrSize;
  const qr = await QRCode.toBuffer(facts.checkUrl, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
  page.drawImage(await doc.embedPng(qr), { x: qrX, y: 64, width: qrSize, height: qrSize });
  const textRight = qrX - 16;
  const rightAligned = (text: string, y: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(text, { x: textRight - font.widthOfTextAtSize(text, size), y, size, font, color });
  rightAligned("Certificate number", 140, 10, sans, MUTED);
  rightAligned(formatCertificateNumber(facts.number), 122, 14, serifBold);
  rightAligned("Check it at", 100, 10, sans, MUTED);
  rightAligned(drawable(sans, facts.checkUrl), 86, 10, sans);

  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
