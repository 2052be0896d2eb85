import { getZodConstraint } from "@conform-to/zod/v4";
import { contactSchema } from "~/schemas/contact";

/**
 * The contact form's HTML constraints (required, maxLength, …), read from the schema here and
 * sent with /contact's data, to the page and to the modal that fetches it: getZodConstraint in
 * the browser would bring conform's zod adapter, and with it classic zod (decision 023).
 */
export const contactConstraint = getZodConstraint(contactSchema);
