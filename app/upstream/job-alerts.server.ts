import { z } from "zod";

import { type Call, parse } from "./transport.server";

/** A job seeker's weekly alerts (docs/product.md §7): ask, confirm, leave. */
export function jobAlertsClient(call: Call) {
  return {
    async request(email: string) {
      return parse(
        await call("POST", "/api/job-alerts", { json: { email } }),
        z.object({ message: z.string() }),
        "job alert",
      );
    },
    async confirm(token: string) {
      const answer = z.object({ confirmed: z.literal(true) });
      return parse(
        await call("POST", "/api/job-alerts/confirm", { json: { token } }),
        answer,
        "job alert confirmation",
      );
    },
    async unsubscribe(token: string) {
      const answer = z.object({ unsubscribed: z.literal(true) });
      return parse(
        await call("POST", "/api/job-alerts/unsubscribe", { json: { token } }),
        answer,
        "job alert unsubscribe",
      );
    },
  };
}
