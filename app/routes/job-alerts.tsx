import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageBanner } from "~/components/page-banner";
import { jobAlertText as t } from "~/content/job-alerts";
import { crumbs } from "~/content/site";
import { JobAlertFormOnFirstTouch } from "~/features/job-alerts/form-on-first-touch";
import { requestJobAlerts } from "~/features/job-alerts/job-alerts.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, { title: t.title, description: t.metaDescription, path: "/job-alerts" });

// The address typed goes to the API (docs/product.md §2, Blog); a refusal comes back with it kept.
export const action = ({ request }: ActionFunctionArgs) => requestJobAlerts(request);

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
              <JobAlertFormOnFirstTouch lastResult={data?.result} />
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
