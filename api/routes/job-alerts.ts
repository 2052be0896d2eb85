import { Hono } from "hono";

import { check, type Env, fail, limitBody, readBody } from "../http";
import { confirmJobAlert, endJobAlert, requestJobAlert } from "../lib/job-alerts";
import { mayMail, spendPerIp } from "../limits";
import { apiMessages } from "../messages";
import { jobAlertInput, jobAlertTokenInput } from "../validation/job-alerts";

// A job seeker's weekly alerts (docs/product.md §7): ask, confirm with the mailed link's button,
// leave with the button in any mail. Public: the link's secret is the key.
export const jobAlerts = new Hono<Env>();
jobAlerts.use("*", limitBody(4 * 1024));

/** The same answer whether or not the address was known or already confirmed: no enumeration. */
jobAlerts.post("/", async (c) => {
  const { email } = check(jobAlertInput, await readBody(c));
  await spendPerIp("jobAlertsPerIp", apiMessages.tooManyJobAlerts);
  await requestJobAlert(c.get("db"), email, () => mayMail("jobAlertMailsPerRecipient", email));
  return c.json({ message: "Check your e-mail" }, 202);
});

jobAlerts.post("/confirm", async (c) => {
  const { token } = check(jobAlertTokenInput, await readBody(c));
  if (!(await confirmJobAlert(c.get("db"), token))) fail(404, apiMessages.jobAlertLinkInvalid);
  return c.json({ confirmed: true });
});

/** Ends the alert; an unknown or used link answers the same, so a second press is not an error. */
jobAlerts.post("/unsubscribe", async (c) => {
  const { token } = check(jobAlertTokenInput, await readBody(c));
  await endJobAlert(c.get("db"), token);
  return c.json({ unsubscribed: true });
});
