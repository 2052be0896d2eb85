import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { jobAlertText as t } from "~/content/job-alerts";
import { LINK_TOKEN } from "~/features/job-alerts/link-token";
import { TokenPage } from "~/features/job-alerts/token-page";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";
import { FORM_LIMITS, readForm } from "~/utils/form-body.server";

// The double opt-in's link (docs/product.md §2, Blog): opening it changes nothing; the button confirms.

export const meta: MetaFunction = () => [{ title: t.confirmHeading }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return json({ token: LINK_TOKEN.test(token) ? token : "" }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData } = await readForm(request, FORM_LIMITS.small, new Set(["token"]));
  const token = String(formData.get("token") ?? "");
  if (!LINK_TOKEN.test(token)) return json({ done: null, error: t.invalid }, { status: 400 });
  try {
    await upstream(request).jobAlerts.confirm(token);
    return json({ done: t.confirmed, error: null });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return json({ done: null, error: error.message }, { status: error.status === 404 ? 404 : 400 });
  }
}

export default function ConfirmJobAlert() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <TokenPage
      heading={t.confirmHeading}
      intro={t.confirmIntro}
      button={t.confirmButton}
      token={token}
      done={result?.done ?? null}
      error={result?.error ?? null}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
