import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { postPath } from "~/components/cards";
import { DetailErrorBoundary, DetailLayout, EditLink, isNotFound, RichText } from "~/components/detail";
import { FeaturedImage, Image } from "~/components/image";
import { NotFoundPage } from "~/components/layout";
import { PageBanner } from "~/components/page-banner";
import { site } from "~/content/site";
import { loadOrNull, notFound, redirectToSlug, todayInLagos } from "~/lib/details.server";
import { imageUrl } from "~/lib/images";
import { formatDate } from "~/lib/relative-time";
import { absolute, imageBaseFrom, seo, siteUrlFrom, summary } from "~/lib/seo";
import type { Job } from "~/upstream/schemas";
import { upstream } from "~/upstream/index.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data || isNotFound(data)) return [{ title: "404 - Page Not Found" }, { name: "robots", content: "noindex" }];
  const { job } = data;
  return [
    ...seo(matches, {
      title: `${job.title}${job.companyName ? ` at ${job.companyName}` : ""}`,
      description: summary(job.description),
      path: postPath(job),
      image: job.companyCoverImg ? imageUrl(imageBaseFrom(matches), job.companyCoverImg, { width: 1200, height: 630 }) : undefined,
    }),
    { "script:ld+json": jobPosting(job, matches) },
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = upstream(request);
  const job = await loadOrNull(() => api.jobs.get(params.id!));
  if (!job) return notFound();
  redirectToSlug(request, postPath(job));
  const closed = !!job.applicationDeadline && job.applicationDeadline.slice(0, 10) < todayInLagos();
  return json({ job, closed });
}

export default function JobDetail() {
  const data = useLoaderData<typeof loader>();
  if (isNotFound(data)) return <NotFoundPage />;
  const { job, closed } = data;
  const accent = job.logoAccent || "var(--brand)";
  return (
    <main id="main" className="detail job-detail">
      <PageBanner title={job.title} text={job.companyName} crumbs={[{ label: "Home", to: "/" }, { label: "Jobs", to: "/blog?jobs" }, { label: job.title }]} />
      <DetailLayout
        aside={
          <div className="aside-card job-facts" style={{ borderTopColor: accent }}>
            {job.companyLogo ? (
              <div className="company-logo" style={{ borderColor: accent }}>
                <Image publicId={job.companyLogo} alt={`${job.companyName} logo`} width={96} height={96} dprs={[1, 2]} priority />
              </div>
            ) : null}
            <h2 className="aside-heading">{job.companyName}</h2>
            <dl className="facts">
              <dt>Type</dt><dd>{job.jobType}</dd>
              <dt>Location</dt><dd>{job.jobLocation}</dd>
              {job.applicationDeadline ? (
                <>
                  <dt>Deadline</dt>
                  <dd><time dateTime={job.applicationDeadline}>{formatDate(job.applicationDeadline)}</time></dd>
                </>
              ) : null}
            </dl>
            {closed ? <p className="job-status job-closed">Applications closed</p> : <p className="job-status job-open">Accepting applications</p>}
            <EditLink type="job" id={job._id} />
          </div>
        }
      >
        {job.companyCoverImg ? <FeaturedImage publicId={job.companyCoverImg} alt={`${job.companyName} cover`} /> : null}
        <RichText html={job.content} />
        <p><Link to="/blog?jobs">More job opportunities</Link></p>
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

/** Structured data for job search (schema.org JobPosting); remote jobs are TELECOMMUTE. */
function jobPosting(job: Job, matches: Parameters<MetaFunction>[0]["matches"]) {
  const remote = job.jobLocation === "Remote";
  const logo = job.companyLogo ? absolute(matches, imageUrl(imageBaseFrom(matches), job.companyLogo, { width: 256 })) : undefined;
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
      ? { jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: site.address.countryName } }
      : {
          jobLocation: {
            "@type": "Place",
            address: { "@type": "PostalAddress", addressLocality: site.address.city, addressRegion: site.address.region, addressCountry: site.address.country },
          },
        }),
    url: `${siteUrlFrom(matches)}${postPath(job)}`,
  };
}

export const ErrorBoundary = DetailErrorBoundary;
