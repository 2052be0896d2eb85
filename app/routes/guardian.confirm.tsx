import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";

import { formatWhen } from "@domain/schedule";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { guardianConfirmCopy as t } from "~/content/guardian";
import { useAcademyName } from "~/hooks/use-settings";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";
import { FORM_LIMITS, readForm } from "~/utils/form-body.server";
import { titled } from "~/utils/seo";

// The page a minor's guardian opens from their e-mail (docs/decisions/033-consent-versions-and-minors.md).
// Opening the link changes nothing (mail scanners open links); the guardian confirms with the button,
// or refuses with "I do not consent" and a confirmation step, JavaScript or not (decision 065).

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.metaTitle) },
  { name: "robots", content: "noindex" },
];

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

// Its URL carries the guardian's token: never kept by a shared cache or the browser, as the status page.
const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };
export const headers: HeadersFunction = () => NO_STORE;

/**
 * The page names the application (reference, course, the applicant's first name) before the
 * guardian confirms, read with the link's secret; a link that no longer works says so at once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("token") ?? "";
  const token = TOKEN.test(raw) ? raw : "";
  const headers = NO_STORE;
  if (!token) return json({ token, application: null, error: null }, { headers });
  try {
    return json(
      { token, application: await upstream(request).privacy.guardianPreview(token), error: null },
      { headers },
    );
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status >= 500) throw error;
    return json({ token: "", application: null, error: error.message }, { headers });
  }
}

type Answer = {
  done: string | null;
  refused: { reference: string; at: string } | null;
  ask: boolean;
  error: string | null;
};
const answer = (a: Partial<Answer>): Answer => ({ done: null, refused: null, ask: false, error: null, ...a });

export async function action({ request }: ActionFunctionArgs) {
  // Built here, in the server-only action: a schema at the module's top would bring zod into the
  // page's script, and with it into a chunk the contact form shares.
  const guardianForm = z.object({
    token: z.string().regex(TOKEN),
    // "refuse-ask" only draws the question; "refuse" records the answer.
    intent: z.enum(["confirm", "refuse-ask", "refuse"]).catch("confirm"),
  });
  const { formData } = await readForm(request, FORM_LIMITS.small, new Set(["token", "intent"]));
  const parsed = guardianForm.safeParse({ token: formData.get("token"), intent: formData.get("intent") ?? "confirm" });
  if (!parsed.success) return json(answer({ error: t.invalid }), { status: 400, headers: NO_STORE });
  const { token, intent } = parsed.data;
  if (intent === "refuse-ask") return json(answer({ ask: true }), { headers: NO_STORE });
  try {
    if (intent === "refuse") {
      const { reference, refusedAt } = await upstream(request).privacy.refuseGuardian(token);
      return json(answer({ refused: { reference, at: formatWhen(refusedAt) } }), { headers: NO_STORE });
    }
    const { reference } = await upstream(request).privacy.confirmGuardian(token);
    return json(answer({ done: reference }), { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status >= 500) throw error;
    return json(answer({ error: error.message }), {
      status: error.status === 410 ? 410 : error.status === 409 ? 409 : 400,
      headers: NO_STORE,
    });
  }
}

/** The page's two buttons side by side, wrapping on a phone (the page carries no stylesheet of its own). */
const ACTIONS = { display: "flex", flexWrap: "wrap", gap: "0.75rem", margin: "1rem 0" } as const;

export default function GuardianConfirm() {
  const { token, application, error } = useLoaderData<typeof loader>();
  const academyName = useAcademyName();
  const result = useActionData<typeof action>();
  const refused = result?.refused
    ? result.refused
    : application?.refusedAt
      ? { reference: application.reference, at: formatWhen(application.refusedAt) }
      : null;
  return (
    <main id="main" className="container narrow guardian-confirm">
      <h1>{t.heading}</h1>
      {refused ? (
        <p role="status">{t.refused(refused.reference, refused.at)}</p>
      ) : result?.done ? (
        <p role="status">{t.done(result.done)}</p>
      ) : token && application && result?.ask ? (
        <>
          <h2 id="refuse-title">{t.refuseAskTitle}</h2>
          <p>{t.refuseAskBody}</p>
          <Form method="post" className="thank-you-actions" style={ACTIONS}>
            <input type="hidden" name="token" value={token} />
            <button type="submit" name="intent" value="refuse" className="btn btn-primary">
              {t.refuseConfirm}
            </button>
            <Link to={`/guardian/confirm?token=${token}`} className="btn btn-outline">
              {t.refuseCancel}
            </Link>
          </Form>
        </>
      ) : token && application ? (
        <>
          {application.confirmedAt ? (
            <p role="status">{t.already(application.reference)}</p>
          ) : (
            <p>{t.intro({ ...application, academy: academyName })}</p>
          )}
          {result?.error ? (
            <p className="field-errors" role="alert">
              {result.error}
            </p>
          ) : null}
          {application.confirmedAt ? null : <p>{t.notYou}</p>}
          <Form method="post" className="thank-you-actions" style={ACTIONS}>
            <input type="hidden" name="token" value={token} />
            {application.confirmedAt ? null : (
              <button type="submit" name="intent" value="confirm" className="btn btn-primary">
                {t.button}
              </button>
            )}
            <button type="submit" name="intent" value="refuse-ask" className="btn btn-outline">
              {t.refuseButton}
            </button>
          </Form>
        </>
      ) : (
        <p role="alert">{error ?? t.invalid}</p>
      )}
      <p>
        <Link to="/privacy">{t.privacy}</Link>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
