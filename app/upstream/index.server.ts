import type { z } from "zod";

import { pipelineCalls } from "./applicants.server";
import { applicationClients } from "./application.server";
import { authClients } from "./auth.server";
import { contactClients } from "./contact.server";
import { contentClients } from "./content.server";
import { deskClient } from "./desk.server";
import { insightsClient } from "./insights.server";
import { intakesClient } from "./intakes.server";
import { itemsClient } from "./items.server";
import { jobAlertsClient } from "./job-alerts.server";
import { legalTextsClient } from "./legal-texts.server";
import { pageContentClient } from "./page-content.server";
import { paymentsClient } from "./payments.server";
import { privacyClients } from "./privacy.server";
import { cachedPublicRead } from "./read-cache.server";
import { registrationCalls } from "./registration.server";
import { settingsClient } from "./settings.server";
import { staffClients } from "./staff.server";
import { type Body, parse, RateLimitedError, send, UnauthorizedError, UpstreamError } from "./transport.server";

// The API client's one door: each resource's calls live in their own module beside this one
// (docs/architecture.md §2); this binds them to one browser request and hands their types on.
export { RateLimitedError, UnauthorizedError, UpstreamError };
export type { ExportCursor, ItemWrite } from "./client.server";
export type { ItemDetail } from "./items.server";
export * from "./schemas";
export type { DraftWrite } from "@api/embedded";

/**
 * The typed client of the academy API, bound to one browser request. Every loader and
 * action reads and writes through it. Set-Cookie answers gather in `headers` for the
 * route to pass on: `json(data, { headers: api.headers })`.
 */
export function upstream(request: Request) {
  const setCookies: string[] = [];
  const call = (method: string, path: string, body?: Body, headers?: Record<string, string>) =>
    send(request, setCookies, method, path, body, headers);
  /** A read whose answer is the same for everyone (public content), kept until the next write. */
  const publicRead = <T extends z.ZodType>(path: string, schema: T, what: string) =>
    cachedPublicRead(path, async () => parse(await call("GET", path), schema, what));

  return {
    /** Headers to add to the route's own response (the API's Set-Cookie). */
    get headers() {
      const h = new Headers();
      for (const c of setCookies) h.append("set-cookie", c);
      return h;
    },

    jobAlerts: jobAlertsClient(call),
    ...authClients(request, call),
    ...staffClients(call),
    ...contactClients(call),
    ...contentClients(call, publicRead),
    ...itemsClient(call, publicRead),
    ...privacyClients(call),
    ...applicationClients(call),
    /** One applicant: the registration form's calls and the staff's pipeline. */
    applicants: { ...registrationCalls(call), ...pipelineCalls(call) },

    /** Staff management, for Admins (docs/decisions/031-staff-roles.md). */
    settings: settingsClient(call),
    /** The home page's content blocks, for Editors and Admins (docs/decisions/070). */
    pageContent: pageContentClient(call),
    legalTexts: legalTextsClient(call),
    insights: insightsClient(call, parse),
    payments: paymentsClient(call),
    intakes: intakesClient(call),
    desk: deskClient(call),
  };
}

export type Upstream = ReturnType<typeof upstream>;

export { forwardToApi } from "./forward.server";
