import { Link } from "@remix-run/react";

import { thankYouJourneyCopy as copy } from "~/content/applicant-journey";
import { WhatsAppLink } from "~/features/journey/whatsapp-link";

import { ForgetLocalCopy } from "./forget-local-copy";

/** On the thank-you screen: the private status page's link and WhatsApp (docs/decisions/035). */
export function ThankYouJourney({ reference, statusToken }: { reference: string; statusToken: string }) {
  return (
    <>
      <ForgetLocalCopy />
      {statusToken ? (
        <section aria-labelledby="status-link-title" className="status-link">
          <h2 id="status-link-title">{copy.statusTitle}</h2>
          <p>{copy.statusBody}</p>
          <p>
            <Link to={`/application/${statusToken}`} className="btn btn-primary" rel="noreferrer">
              {copy.statusLink}
            </Link>
          </p>
        </section>
      ) : null}
      <WhatsAppLink reference={reference} />
    </>
  );
}
