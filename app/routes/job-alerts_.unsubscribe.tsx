import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { jobAlertText as t } from "~/content/job-alerts";
import { LINK_TOKEN } from "~/features/job-alerts/link-token";
import { TokenPage } from "~/features/job-alerts/token-page";
import { upstream } from "~/upstream/index.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";
import { FORM_LIMITS, readForm } from "~/utils/form-body.server";

// Every job alert's way out (docs/product.md §2, Blog): the link in the mail opens this page, whose
// button ends the alert; a mail app's one-click unsubscribe (RFC 8058) posts
// "List-Unsubscribe=One-Click" to the same address, the secret in its query.

export const meta: MetaFunction = () => [{ title: t.unsubscribeHeading }, { name: "robots", content: "noindex" }];

const tokenIn = (value: unknown) => (typeof value === "string" && LINK_TOKEN.test(value) ? value : "");

export async function loader({ request }: LoaderFunctionArgs) {
  const token = tokenIn(new URL(request.url).searchParams.get("token"));
  return json({ token }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData } = await readForm(request, FORM_LIMITS.small, new Set(["token", "List-Unsubscribe"]));
  const token = tokenIn(formData.get("token")) || tokenIn(new URL(request.url).searchParams.get("token"));
  if (!token) return json({ done: null, error: t.invalid }, { status: 400 });
  await upstream(request).jobAlerts.unsubscribe(token);
  return json({ done: t.unsubscribed, error: null }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}

export default function Unsubscribe() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <TokenPage
      heading={t.unsubscribeHeading}
      intro={t.unsubscribeIntro}
      button={t.unsubscribeButton}
      token={token}
      done={result?.done ?? null}
      error={result?.error ?? null}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
