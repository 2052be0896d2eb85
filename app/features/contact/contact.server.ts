import { getZodConstraint } from "@conform-to/zod/v4";

import { contactSchema } from "~/features/contact/schema";
import { honeypot } from "~/utils/honeypot.server";

/**
 * The contact form's HTML constraints (required, maxLength, …), read from the schema here and
 * sent with /contact's data, to the page and to the modal that fetches it: getZodConstraint in
 * the browser would bring conform's zod adapter, and with it classic zod (decision 023).
 */
export const contactConstraint = getZodConstraint(contactSchema);

/** What the contact form needs from the server: the honeypot's token and the constraints. */
export const contactFormData = () => ({ honeypot: honeypot.getInputProps(), constraint: contactConstraint });
