import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { applyLink } from "@domain/offers";
import { FeaturedImage, Image } from "~/components/image";
import { PageBanner } from "~/components/page-banner";
import { jobText } from "~/content/jobs";
import { crumbs } from "~/content/site";
import {
  DetailErrorBoundary,
  DetailLayout,
  isNotFound,
  missingMeta,
  MissingPage,
  RichText,
  StaffTools,
} from "~/features/details/detail";
import { detailHeaders, loadDetail, todayInLagos } from "~/features/details/details.server";
import { jobPosting } from "~/features/details/job-posting";
import { salaryText } from "~/features/lists/job-facts";
import { imageUrl } from "~/utils/images";
import { postPath } from "~/utils/paths";
import { formatDate } from "~/utils/relative-time";
import { imageBaseFrom, seo, summary } from "~/utils/seo";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data || isNotFound(data)) return missingMeta(data);
  const { job } = data;
  return [
    ...seo(matches, {
      title: `${job.title}${job.companyName ? ` at ${job.companyName}` : ""}`,
      description: summary(job.description),
      path: postPath(job),
      image: job.companyCoverImg
        ? imageUrl(imageBaseFrom(matches), job.companyCoverImg, { width: 1200, height: 630 })
        : undefined,
    }),
    { "script:ld+json": jobPosting(job, matches) },
  ];
};

export const headers = detailHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const found = await loadDetail(request, "job", params.id!, postPath);
  if (found.missing) return found.missing;
  const { item: job, scheduledAt, audit } = found;
  const closed = !!job.applicationDeadline && job.applicationDeadline.slice(0, 10) < todayInLagos();
  return { job, closed, scheduledAt, audit };
}

export default function JobDetail() {
  const data = useLoaderData<typeof loader>();
  if (isNotFound(data)) return <MissingPage data={data} />;
  const { job, closed } = data;
  const accent = job.logoAccent || "var(--brand)";
  // Jobs published before "How to apply" existed have no button (docs/decisions: how to apply).
  const apply = applyLink(job.howToApply, job.title);
  return (
    <main id="main" className="detail job-detail">
      <PageBanner title={job.title} text={job.companyName} crumbs={[crumbs.home, crumbs.jobs, { label: job.title }]} />
      <DetailLayout
        aside={
          <div className="aside-card job-facts" style={{ borderTopColor: accent }}>
            {job.companyLogo ? (
              <div className="company-logo" style={{ borderColor: accent }}>
                <Image
                  publicId={job.companyLogo}
                  alt={`${job.companyName} logo`}
                  width={96}
                  height={96}
                  dprs={[1, 2]}
                  priority
                />
              </div>
            ) : null}
            <h2 className="aside-heading">{job.companyName}</h2>
            <dl className="facts">
              <dt>{jobText.type}</dt>
              <dd>{job.jobType}</dd>
              <dt>{jobText.location}</dt>
              <dd>{job.jobLocation}</dd>
              {salaryText(job) ? (
                <>
                  <dt>{jobText.salary}</dt>
                  <dd>{salaryText(job)}</dd>
                </>
              ) : null}
              {job.jobAddress && job.jobLocation !== "Remote" ? (
                <>
                  <dt>{jobText.address}</dt>
                  <dd>{job.jobAddress}</dd>
                </>
              ) : null}
              {job.applicationDeadline ? (
                <>
                  <dt>{jobText.deadline}</dt>
                  <dd>
                    <time dateTime={job.applicationDeadline}>{formatDate(job.applicationDeadline)}</time>
                  </dd>
                </>
              ) : null}
            </dl>
            {closed ? (
              <p className="job-status job-closed">{jobText.closed}</p>
            ) : (
              <p className="job-status job-open">{jobText.open}</p>
            )}
            {!closed && apply ? (
              <>
                {/* The address in words as well: a laptop without a mail program opens nothing on a mailto. */}
                <div className="job-apply-how">
                  <p>
                    {apply.kind === "email" ? jobText.applyByEmail : jobText.applyOnline}{" "}
                    <span className="job-apply-address">{apply.address}</span>
                  </p>
                  {apply.note ? <p>{apply.leading ? `${jobText.whatToSend} ${apply.note}` : apply.note}</p> : null}
                </div>
                <a
                  href={apply.href}
                  className="btn btn-primary btn-block job-apply"
                  {...(apply.kind === "url" ? { rel: "noopener noreferrer nofollow" } : {})}
                >
                  {jobText.apply}
                </a>
              </>
            ) : null}
            <StaffTools type="job" id={job._id} title={job.title} scheduledAt={data.scheduledAt} audit={data.audit} />
          </div>
        }
      >
        {job.companyCoverImg ? <FeaturedImage publicId={job.companyCoverImg} alt={`${job.companyName} cover`} /> : null}
        <RichText html={job.content} />
        <p>
          <Link to="/blog?jobs">{jobText.more}</Link>
        </p>
      </DetailLayout>
    </main>
  );
}

export const ErrorBoundary = DetailErrorBoundary;
