import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";

import { ACADEMY_COUNTRY, type SiteSettings } from "@domain/settings";

import { drawable } from "./pdf-text";

// The academy's documents (receipts, offer letters): one A4 page with the academy's letterhead as
// its settings say (docs/decisions/060), a title and its reference, rows of label and value, and
// a QR code to the applicant's private status page (docs/decisions/035). pdf-lib's standard
// fonts, so nothing is embedded but the QR image.

const A4: [number, number] = [595.28, 841.89];
const INK = rgb(0.13, 0.13, 0.16);
const ACCENT = rgb(0.55, 0.18, 0.38);
const MUTED = rgb(0.38, 0.38, 0.42);
const LEFT = 56;

/** A page headed with the academy's name, address and contacts, its title and reference; dated by `at`, so the same record draws the same file. */
export async function academyLetter(
  settings: SiteSettings,
  d: { title: string; heading: string; reference: string; at: string },
) {
  const academy = settings.contact.academyName;
  const doc = await PDFDocument.create();
  doc.setTitle(d.title);
  doc.setAuthor(academy);
  doc.setCreator(academy);
  doc.setProducer(academy);
  doc.setCreationDate(new Date(d.at));
  doc.setModificationDate(new Date(d.at));
  const page = doc.addPage(A4);
  const [width, height] = A4;
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const text = (t: string, x: number, y: number, font: PDFFont, size: number, color = INK) =>
    page.drawText(drawable(font, t), { x, y, size, font, color });

  const campus = settings.contact.campuses[0];
  text(academy, LEFT, height - 72, bold, 20, ACCENT);
  const address = campus ? [campus.street, campus.city, ACADEMY_COUNTRY.name].filter(Boolean).join(", ") : "";
  const reach = [settings.phones[0]?.display, settings.contact.email].filter(Boolean).join("  ·  ");
  if (address) text(address, LEFT, height - 92, sans, 10, MUTED);
  if (reach) text(reach, LEFT, height - 106, sans, 10, MUTED);
  page.drawLine({
    start: { x: LEFT, y: height - 122 },
    end: { x: width - LEFT, y: height - 122 },
    thickness: 1,
    color: ACCENT,
  });
  text(d.heading, LEFT, height - 162, bold, 26);
  text(d.reference, LEFT, height - 182, sans, 11, MUTED);

  return {
    left: LEFT,
    height,
    /** A line of body text (12 pt) at `y`. */
    line: (t: string, y: number, size = 12) => text(t, LEFT, y, sans, size),
    /** Label and value rows from `y` down; answers where they end. */
    rows(rows: [string, string][], y: number, valueAt: number) {
      for (const [label, value] of rows) {
        text(label, LEFT, y, sans, 11, MUTED);
        text(value, LEFT + valueAt, y, bold, 12);
        y -= 26;
      }
      return y;
    },
    /** The QR code to the status page with three lines beside it, the issuer's line, and the file. */
    async finish(statusUrl: string, beside: [string, string, string]) {
      const qrSize = 112;
      const qr = await QRCode.toBuffer(statusUrl, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
      page.drawImage(await doc.embedPng(qr), { x: LEFT, y: 96, width: qrSize, height: qrSize });
      text(beside[0], LEFT + qrSize + 16, 168, bold, 11);
      text(beside[1], LEFT + qrSize + 16, 152, sans, 10, MUTED);
      text(beside[2], LEFT + qrSize + 16, 138, sans, 10, MUTED);
      text(`Issued by ${academy}`, LEFT, 64, sans, 9, MUTED);
      return Buffer.from(await doc.save({ useObjectStreams: false }));
    },
  };
}
