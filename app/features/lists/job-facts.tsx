import { formatNaira } from "@domain/naira";
import { jobText } from "~/content/jobs";

type Pay = { salaryMin?: number | null; salaryMax?: number | null };

/** A job's pay in words ("₦80,000 – ₦120,000 a month"), or "" when the employer gave none. */
export function salaryText({ salaryMin: min = null, salaryMax: max = null }: Pay) {
  if (min !== null && max !== null)
    return min === max
      ? jobText.perMonth(formatNaira(min))
      : jobText.perMonth(`${formatNaira(min)} – ${formatNaira(max)}`);
  if (min !== null) return jobText.from(formatNaira(min));
  if (max !== null) return jobText.upTo(formatNaira(max));
  return "";
}

/**
 * What a job seeker compares between cards before opening one: the employer, the place (its
 * address or area for an onsite or hybrid job), the kind of job and the pay (docs/product.md §2, Blog). A description list, so a screen reader names each.
 */
export function JobCardFacts({
  job,
}: {
  job: Pay & { companyName?: string; jobType?: string; jobLocation?: string; jobAddress?: string | null };
}) {
  const pay = salaryText(job);
  return (
    <dl className="job-card-facts">
      {job.companyName ? (
        <div>
          <dt>{jobText.company}</dt>
          <dd>{job.companyName}</dd>
        </div>
      ) : null}
      {job.jobLocation || job.jobType ? (
        <div>
          <dt>{jobText.type}</dt>
          <dd>{[job.jobType, job.jobLocation, job.jobAddress].filter(Boolean).join(" · ")}</dd>
        </div>
      ) : null}
      {pay ? (
        <div>
          <dt>{jobText.pay}</dt>
          <dd>{pay}</dd>
        </div>
      ) : null}
    </dl>
  );
}
