import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { env } from "~/env.server";

// A hidden field bots fill in and people never see, on every public form.
export const honeypot = new Honeypot({
  nameFieldName: "name__confirm",
  validFromFieldName: "from__confirm",
  encryptionSeed: env.HONEYPOT_SECRET,
});

/** True when the submission looks automated; the action then answers as if it succeeded. */
export function isSpam(formData: FormData) {
  try {
    honeypot.check(formData);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    throw error;
  }
}
