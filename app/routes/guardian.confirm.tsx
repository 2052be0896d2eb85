import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { guardianConfirmCopy as t } from "~/content/consent";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";
import { FORM_LIMITS, readForm } from "~/utils/form-body.server";

// The page a minor's guardian opens from their e-mail (docs/decisions/033-consent-versions-and-minors.md).
// Opening the link changes nothing (mail scanners open links); the guardian confirms with the button.

export const meta: MetaFunction = () => [{ title: t.metaTitle }, { name: "robots", content: "noindex" }];

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

export async function action({ request }: ActionFunctionArgs) {
  const { formData } = await readForm(request, FORM_LIMITS.small, new Set(["token"]));
  const parsed = z.object({ token: z.string().regex(TOKEN) }).safeParse({ token: formData.get("token") });
  if (!parsed.success) return json({ done: null, error: t.invalid }, { status: 400 });
  const { token } = parsed.data;
  try {
    const { reference } = await upstream(request).privacy.confirmGuardian(token);
    return json({ done: reference, error: null });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return json({ done: null, error: error.message }, { status: error.status === 410 ? 410 : 400 });
  }
}

export default function GuardianConfirm() {
  const { token, application, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main id="main" className="container narrow guardian-confirm">
      <h1>{t.heading}</h1>
      {result?.done ? (
        <p role="status">{t.done(result.done)}</p>
      ) : application?.confirmedAt ? (
        <p role="status">{t.already(application.reference)}</p>
      ) : token && application ? (
        <>
          <p>{t.intro(application)}</p>
          {result?.error ? (
            <p className="field-errors" role="alert">
              {result.error}
            </p>
          ) : null}
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn btn-primary">
              {t.button}
            </button>
          </Form>
          <p>{t.notYou}</p>
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
