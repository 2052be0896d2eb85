import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { applyLink } from "@domain/offers";
import { ACADEMY_COUNTRY } from "@domain/settings";
import { FeaturedImage, Image } from "~/components/image";
import { PageBanner } from "~/components/page-banner";
import { jobText } from "~/content/jobs";
import { site } from "~/content/site";
import { trashText } from "~/content/trash";
import {
  DetailErrorBoundary,
  DetailLayout,
  EditLink,
  isNotFound,
  MissingPage,
  RichText,
} from "~/features/details/detail";
import {
  detailHeaders,
  gone,
  loadForPage,
  notFound,
  redirectToSlug,
  scheduledAt,
  todayInLagos,
} from "~/features/details/details.server";
import { auditForStaff } from "~/features/lifecycle/history.server";
import { AuditLine, HistoryLink } from "~/features/lifecycle/staff-audit";
import { salaryText } from "~/features/lists/job-facts";
import { settingsFromMatches } from "~/hooks/use-settings";
import { upstream } from "~/upstream/index.server";
import type { Job } from "~/upstream/schemas";
import { imageUrl } from "~/utils/images";
import { postPath } from "~/utils/paths";
import { formatDate } from "~/utils/relative-time";
import { absolute, imageBaseFrom, notFoundMeta, seo, siteUrlFrom, summary } from "~/utils/seo";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data || isNotFound(data))
    return data && "gone" in data ? [{ title: trashText.gone.title }, notFoundMeta[1]] : notFoundMeta;
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
  const api = upstream(request);
  const job = await loadForPage(request, (options) => api.items("job").get(params.id!, options));
  if (job === "gone") return gone();
  if (!job) return notFound();
  redirectToSlug(request, postPath(job));
  const closed = !!job.applicationDeadline && job.applicationDeadline.slice(0, 10) < todayInLagos();
  return { job, closed, scheduledAt: scheduledAt(job), audit: await auditForStaff(request, api, "job", job._id) };
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
      <PageBanner
        title={job.title}
        text={job.companyName}
        crumbs={[{ label: "Home", to: "/" }, { label: "Jobs", to: "/blog?jobs" }, { label: job.title }]}
      />
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
            <EditLink type="job" id={job._id} title={job.title} scheduledAt={data.scheduledAt} />
            <HistoryLink type="job" id={job._id} />
            <AuditLine audit={data.audit} />
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

const EMPLOYMENT_TYPES: Record<string, string> = {
  "Full-time": "FULL_TIME",
  "Part-time": "PART_TIME",
  Contract: "CONTRACTOR",
  Internship: "INTERN",
};

/** "₦80,000 – ₦120,000 a month", "From ₦80,000 a month", or "" when no salary is given. */
function baseSalary(job: Job) {
  if (job.salaryMin === null && job.salaryMax === null) return undefined;
  const value =
    job.salaryMin !== null && job.salaryMax !== null && job.salaryMin !== job.salaryMax
      ? { "@type": "QuantitativeValue", minValue: job.salaryMin, maxValue: job.salaryMax, unitText: "MONTH" }
      : { "@type": "QuantitativeValue", value: job.salaryMin ?? job.salaryMax, unitText: "MONTH" };
  return { "@type": "MonetaryAmount", currency: "NGN", value };
}

/** Structured data for job search (schema.org JobPosting); remote jobs are TELECOMMUTE. */
function jobPosting(job: Job, matches: Parameters<MetaFunction>[0]["matches"]) {
  const remote = job.jobLocation === "Remote";
  const campus = settingsFromMatches(matches)?.contact.campuses[0];
  const apply = applyLink(job.howToApply);
  const logo = job.companyLogo
    ? absolute(matches, imageUrl(imageBaseFrom(matches), job.companyLogo, { width: 256 }))
    : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: job.content || job.description,
    datePosted: job.createdAt,
    ...(job.applicationDeadline ? { validThrough: `${job.applicationDeadline.slice(0, 10)}T23:59:59+01:00` } : {}),
    ...(EMPLOYMENT_TYPES[job.jobType] ? { employmentType: EMPLOYMENT_TYPES[job.jobType] } : {}),
    hiringOrganization: { "@type": "Organization", name: job.companyName || site.name, ...(logo ? { logo } : {}) },
    ...(remote
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: { "@type": "Country", name: ACADEMY_COUNTRY.name },
        }
      : {
          jobLocation: {
            "@type": "Place",
            address: {
              "@type": "PostalAddress",
              ...(job.jobAddress ? { streetAddress: job.jobAddress } : {}),
              addressLocality: campus?.city,
              addressRegion: campus?.region,
              addressCountry: ACADEMY_COUNTRY.code,
            },
          },
        }),
    ...(baseSalary(job) ? { baseSalary: baseSalary(job) } : {}),
    // E-mail applications start from this page; a link sends the visitor to another site.
    ...(apply ? { directApply: apply.kind === "email" } : {}),
    url: `${siteUrlFrom(matches)}${postPath(job)}`,
  };
}

export const ErrorBoundary = DetailErrorBoundary;
