import { whatsAppChatLink } from "@domain/settings";
import { whatsAppCopy as copy } from "~/content/applicant-journey";
import { useSettings } from "~/hooks/use-settings";

/** The WhatsApp click-to-chat link with the reference typed in (docs/product.md §2): thank-you screen and status page. */
export function WhatsAppLink({ reference }: { reference: string }) {
  const settings = useSettings();
  return (
    <p className="whatsapp">
      <a
        className="btn btn-outline"
        href={whatsAppChatLink(settings, reference)}
        rel="noopener noreferrer"
        target="_blank"
      >
        {copy.whatsApp}
      </a>{" "}
      <small className="field-hint">{copy.whatsAppHint}</small>
    </p>
  );
}
