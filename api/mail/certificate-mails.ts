import { certificateDay, formatCertificateNumber } from "@domain/certificates";
import type { SiteSettings } from "@domain/settings";

import { questions, signature } from "./templates";

// The mail a graduate receives with their certificate (docs/decisions/058): the PDF attached,
// the public check link, the signed credential's link. The name is the one staff confirmed for
// the certificate, not a visitor's typing.
export function certificateMail(
  d: {
    holderName: string;
    courseTitle: string;
    completedOn: string;
    number: string;
    checkUrl: string;
    credentialUrl?: string;
    publicUrl: string;
  },
  s: SiteSettings,
) {
  return {
    subject: `Your certificate from ${s.contact.academyName} — ${d.courseTitle}`,
    text: [
      `Dear ${d.holderName},`,
      "",
      `Congratulations on completing ${d.courseTitle} on ${certificateDay(d.completedOn)}. Your certificate is attached as a PDF.`,
      "",
      `Certificate number: ${formatCertificateNumber(d.number)}`,
      "",
      "An employer can check that it is real at this address (the QR code on the certificate opens it):",
      d.checkUrl,
      "",
      ...(d.credentialUrl
        ? [
            "Your certificate is also a signed digital credential (Open Badges 3.0) that a digital wallet or an employer's tool can check without contacting us:",
            d.credentialUrl,
            "",
          ]
        : []),
      questions(s),
      "",
      `How we keep your certificate and your details: ${d.publicUrl}/privacy`,
      "",
      ...signature(s).slice(1),
    ].join("\n"),
  };
}
