import { whatsAppCopy as copy, whatsAppLink } from "~/content/applicant-journey";

/** The WhatsApp click-to-chat link with the reference typed in (docs/product.md §2): thank-you screen and status page. */
export function WhatsAppLink({ reference }: { reference: string }) {
  return (
    <p className="whatsapp">
      <a className="btn btn-outline" href={whatsAppLink(reference)} rel="noopener noreferrer" target="_blank">
        {copy.whatsApp}
      </a>{" "}
      <small className="field-hint">{copy.whatsAppHint}</small>
    </p>
  );
}
