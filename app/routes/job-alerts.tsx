import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageBanner } from "~/components/page-banner";
import { jobAlertText as t } from "~/content/job-alerts";
import { messages } from "~/content/messages";
import { crumbs } from "~/content/site";
import { JobAlertForm } from "~/features/job-alerts/job-alert-form";
import { jobAlertSchema } from "~/features/job-alerts/schema";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, { title: t.title, description: t.metaDescription, path: "/job-alerts" });

/**
 * Asks the API for alerts to the address typed (docs/product.md §2, Blog). The answer is the same
 * whether or not the address was known: the page says a link is on its way if it is new. A
 * refusal (bad address, too many requests) comes back with the address kept.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { formData } = await readForm(request, FORM_LIMITS.small, formFields([jobAlertSchema]));
  const submission = parseWithZod(formData, { schema: jobAlertSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), to: null }, { status: 400 });
  try {
    await upstream(request).jobAlerts.request(submission.value.email);
  } catch (error) {
    if (!(error instanceof UpstreamError)) console.error("[job-alerts] request failed", error);
    const message = error instanceof UpstreamError ? error.message : messages.networkError;
    const status = error instanceof UpstreamError && error.status < 500 ? 400 : 502;
    return json({ result: submission.reply({ formErrors: [message] }), to: null }, failureInit(error, status));
  }
  // The answer names the address typed: no shared cache may keep it.
  return json(
    { result: submission.reply({ resetForm: true }), to: submission.value.email },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}

export default function JobAlerts() {
  const data = useActionData<typeof action>();
  return (
    <main id="main">
      <PageBanner title={t.title} text={t.metaDescription} crumbs={[crumbs.home, crumbs.jobs, { label: t.title }]} />
      <section className="section">
        <div className="container narrow job-alert-page">
          {data?.to ? (
            <p role="status" className="job-alert-sent">
              {t.checkMail(data.to)}
            </p>
          ) : (
            <>
              <p>{t.intro}</p>
              <JobAlertForm lastResult={data?.result} />
            </>
          )}
          <p className="field-hint">{t.privacy}</p>
        </div>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
