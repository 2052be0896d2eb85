import { pipelineCalls } from "./applicants.server";
import { applicationClients } from "./application.server";
import { authClients } from "./auth.server";
import type { Call, PublicRead } from "./client.server";
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
import {
  AlreadyAppliedError,
  BeforeStartError,
  FeesOwedError,
  parse,
  RateLimitedError,
  send,
  UnauthorizedError,
  UpstreamError,
} from "./transport.server";

// The API client's one door: each resource's calls live in their own module beside this one
// (docs/architecture.md §2); this binds them to one browser request and hands their types on.
export { AlreadyAppliedError, BeforeStartError, FeesOwedError, RateLimitedError, UnauthorizedError, UpstreamError };
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
  return new Upstream(request);
}

/**
 * Each resource's calls are made the first time a loader or action reaches for them, and the
 * getters live on the class, not on each client: a page uses one or two resources, and making
 * every resource's calls for each loader cost every page, twice for most
 * (docs/decisions/083-home-throughput.md).
 */
export class Upstream {
  readonly #setCookies: string[] = [];
  readonly #call: Call;
  readonly #publicRead: PublicRead;
  #auth?: ReturnType<typeof authClients>;
  #made = new Map<unknown, unknown>();

  constructor(readonly request: Request) {
    const setCookies = this.#setCookies;
    this.#call = (method, path, body, headers) => send(request, setCookies, method, path, body, headers);
    /** A read whose answer is the same for everyone (public content), kept until the next write. */
    this.#publicRead = (path, schema, what) =>
      cachedPublicRead(path, async () => parse(await this.#call("GET", path), schema, what));
  }

  /** `make`'s calls (a module's function, so one key per resource), made on their first use here. */
  #once<T>(make: (call: Call, publicRead: PublicRead) => T): T {
    if (!this.#made.has(make)) this.#made.set(make, make(this.#call, this.#publicRead));
    return this.#made.get(make) as T;
  }
  #authParts() {
    return (this.#auth ??= authClients(this.request, this.#call));
  }
  #staffParts() {
    return this.#once(staffClients);
  }
  #contentParts() {
    return this.#once(contentClients);
  }

  /** Headers to add to the route's own response (the API's Set-Cookie). */
  get headers() {
    const h = new Headers();
    for (const c of this.#setCookies) h.append("set-cookie", c);
    return h;
  }

  get jobAlerts() {
    return this.#once(jobAlertsClient);
  }
  get auth() {
    return this.#authParts().auth;
  }
  get account() {
    return this.#authParts().account;
  }
  get staff() {
    return this.#staffParts().staff;
  }
  get securityLog() {
    return this.#staffParts().securityLog;
  }
  get mailQueue() {
    return this.#staffParts().mailQueue;
  }
  get contact() {
    return this.#once(contactClients).contact;
  }
  get courses() {
    return this.#contentParts().courses;
  }
  get posts() {
    return this.#contentParts().posts;
  }
  get sitemap() {
    return this.#contentParts().sitemap;
  }
  get lifecycle() {
    return this.#contentParts().lifecycle;
  }
  get drafts() {
    return this.#contentParts().drafts;
  }
  get images() {
    return this.#contentParts().images;
  }
  get revisions() {
    return this.#contentParts().revisions;
  }
  get items() {
    return this.#once(itemsClient).items;
  }
  get privacy() {
    return this.#once(privacyClients).privacy;
  }
  get application() {
    return this.#once(applicationClients).application;
  }
  /** One applicant: the registration form's calls and the staff's pipeline. */
  get applicants() {
    return this.#once(applicantCalls);
  }
  /** Staff management, for Admins (docs/decisions/031-staff-roles.md). */
  get settings() {
    return this.#once(settingsClient);
  }
  /** The home page's content blocks, for Editors and Admins (docs/decisions/070). */
  get pageContent() {
    return this.#once(pageContentClient);
  }
  get legalTexts() {
    return this.#once(legalTextsClient);
  }
  get insights() {
    return this.#once(insightsWithParse);
  }
  get payments() {
    return this.#once(paymentsClient);
  }
  get intakes() {
    return this.#once(intakesClient);
  }
  get desk() {
    return this.#once(deskClient);
  }
}

const applicantCalls = (call: Call) => ({ ...registrationCalls(call), ...pipelineCalls(call) });
const insightsWithParse = (call: Call) => insightsClient(call, parse);

export { forwardToApi } from "./forward.server";
