import { contactFormData } from "~/features/contact/contact.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";

// The contact modal's form data on pages other than /contact (app/components/honeypot-fields.tsx).
// A plain JSON answer the modal fetches itself, so a failed fetch is the modal's to show (a link
// to /contact), not the page's error boundary, as a failed fetcher's would be. Per visitor: the
// token is never stored by any cache.
export function loader() {
  return Response.json(contactFormData(), { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
