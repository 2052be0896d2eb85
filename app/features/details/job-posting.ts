import type { MetaFunction } from "@remix-run/node";

import { applyLink } from "@domain/offers";
import { ACADEMY_COUNTRY } from "@domain/settings";
import { settingsFromMatches } from "~/hooks/use-settings";
import type { Job } from "~/upstream/schemas";
import { imageUrl } from "~/utils/images";
import { postPath } from "~/utils/paths";
import { absolute, academyNameFrom, imageBaseFrom, siteUrlFrom } from "~/utils/seo";

// A job page's structured data for job search engines (schema.org JobPosting).

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
export function jobPosting(job: Job, matches: Parameters<MetaFunction>[0]["matches"]) {
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
    hiringOrganization: {
      "@type": "Organization",
      name: job.companyName || academyNameFrom(matches),
      ...(logo ? { logo } : {}),
    },
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
