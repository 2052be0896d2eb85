import type { Selectable } from "kysely";

import { courseTypeWords } from "@domain/choices";
import { dayWords } from "@domain/intakes";
import { formatKobo } from "@domain/payments";
import { applicationReference } from "@domain/registrations";
import type { SiteSettings } from "@domain/settings";

import type { ApplicantsTable, IntakesTable } from "../db/schema";
import { intakeInstalments } from "./intakes";
import { academyLetter } from "./pdf-letter";

// The offer letter (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md): an A4 page
// drawn with pdf-lib like the receipt (api/lib/receipt-pdf.ts): the academy's details from its
// settings, the reference, course, intake, start, schedule, campus, fee and the acceptance
// deadline, and a QR code to the status page. Attached to the offer mail, downloaded from the page.

type Applicant = Pick<
  Selectable<ApplicantsTable>,
  "id" | "firstname" | "lastname" | "course_title" | "course_type" | "offered_at" | "offer_expires_at"
>;
type Intake = Pick<
  Selectable<IntakesTable>,
  "start_date" | "end_date" | "duration" | "schedule" | "campus" | "fee_kobo" | "instalments"
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

/** Whom a letter is drawn for: the applicant (their own link), or a minor's guardian (a read-only link). */
export type LetterReader = "applicant" | "guardian";

/**
 * The letter of an open or accepted offer; `statusUrl` is the QR code's link. A guardian's letter
 * must carry the guardian's read-only link, never the applicant's, which answers the offer
 * (docs/decisions/091-a-link-withdraws-only-with-the-date-of-birth.md): its words say it follows.
 */
export async function offerLetterPdf(
  applicant: Applicant,
  intake: Intake,
  statusUrl: string,
  settings: SiteSettings,
  reader: LetterReader = "applicant",
): Promise<Buffer> {
  if (!applicant.offered_at || !applicant.offer_expires_at) throw new Error("Only an offer has a letter");
  const academy = settings.contact.academyName;
  const reference = applicationReference(applicant.id);
  const letter = await academyLetter(settings, {
    title: `Offer of admission ${reference}`,
    heading: "Offer of admission",
    reference,
    // Dated by the offer: the same offer makes the same file whenever it is drawn.
    at: applicant.offered_at,
  });
  letter.line(`Dear ${applicant.firstname} ${applicant.lastname},`, letter.height - 214);
  letter.line(`${academy} is pleased to offer you a seat in the course below.`, letter.height - 232);

  const rows: [string, string][] = [
    ["Applicant", `${applicant.firstname} ${applicant.lastname}`],
    ["Reference", reference],
    ["Course", `${applicant.course_title} (${courseTypeWords(applicant.course_type)})`],
  ];
  const plan = intake ? intakeInstalments(intake) : [];
  if (intake) {
    // With a plan to list, "Start" alone says the first day: the page keeps room for six parts.
    if (plan.length === 0) rows.push(["Intake", `Starting ${dayWords(intake.start_date)}`]);
    rows.push(["Start", dayWords(intake.start_date)]);
    rows.push(["Ends", intake.end_date ? dayWords(intake.end_date) : intake.duration]);
    rows.push(["Schedule", intake.schedule]);
    rows.push(["Campus", intake.campus]);
    rows.push(["Course fee", pdfAmount(Number(intake.fee_kobo))]);
  }
  rows.push(["Offered on", `${lagosMoment(applicant.offered_at)} (Lagos time)`]);
  rows.push(["Accept by", `${lagosMoment(applicant.offer_expires_at)} (Lagos time)`]);
  let y = letter.rows(rows, letter.height - 276, 130) - 8;
  if (plan.length) {
    // The instalment plan the fee is paid by (docs/decisions/093), two parts a line.
    letter.line(`The course fee may be paid in ${plan.length} instalments:`, y, 11);
    for (let i = 0; i < plan.length; i += 2) {
      y -= 14;
      letter.line(
        plan
          .slice(i, i + 2)
          .map((p, k) => `${i + k + 1}. ${pdfAmount(p.amount * 100)} by ${dayWords(p.dueOn)}`)
          .join("     "),
        y,
        11,
      );
    }
    y -= 20;
  }
  letter.line("Accept or decline this offer on your private status page before the deadline.", y, 11);
  letter.line("An offer not accepted by then lapses, and the seat goes to the next in line.", y - 16, 11);
  return letter.finish(
    statusUrl,
    reader === "guardian"
      ? [
          "Scan to follow this offer",
          "on the guardian's read-only page. Quote the",
          "reference above with any question about it.",
        ]
      : [
          "Scan to answer this offer",
          "on your private status page. Quote the reference",
          "above with any question about it.",
        ],
  );
}

export async function offerLetterAttachment(...args: Parameters<typeof offerLetterPdf>) {
  return {
    filename: offerLetterFilename(args[0].id),
    contentType: "application/pdf",
    content: await offerLetterPdf(...args),
  };
}
