import { z } from "zod";

import { apiMessages } from "../messages";
import { email } from "../validation";

// The job alerts' calls (docs/product.md §7).

export const jobAlertInput = z.object({
  email: email("Kindly input a valid email").transform((s) => s.toLowerCase()),
});

/** A confirmation or unsubscribe link's secret: 32 random bytes, URL-safe. */
export const jobAlertTokenInput = z.object({
  token: z
    .string({ error: apiMessages.jobAlertLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{43}$/, apiMessages.jobAlertLinkInvalid),
});
