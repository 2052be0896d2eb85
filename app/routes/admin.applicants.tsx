import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { courseTypeWords } from "@domain/choices";
import { OFFER_LAPSED_WORD, offerState } from "@domain/pipeline";
import { formatWhen } from "@domain/schedule";
import { inboxText as t } from "~/content/inbox";
import { pipelineText as p } from "~/content/lifecycle";
import { GuardianBadge } from "~/features/applicants/applicant-privacy";
import { ProofReceivedBadge } from "~/features/applicants/payment-proof";
import { PipelineCounts, PipelineToolbar } from "~/features/applicants/pipeline";
import { pipelineFilters } from "~/features/applicants/pipeline-schema";
import { AdminTable, Pager } from "~/features/staff-frame/frame";
import { inboxRequest, pageOf } from "~/features/staff-frame/frame.server";
import { titled } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.applicantsTitle) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search, place } = await inboxRequest(request, "admin.applicants");
  const filters = pipelineFilters(new URL(request.url));
  const [{ rows, pager }, counts, courses] = await Promise.all([
    pageOf((q) => api.applicants.list({ ...q, ...filters }), place, search),
    api.applicants.counts({ course: filters.course, search }),
    api.courses.options(),
  ]);
  const applicants = rows.map((a) => ({
    id: a._id,
    reference: a.reference,
    name: `${a.firstname} ${a.lastname}`,
    email: a.email,
    phone: a.phone,
    status: a.status,
    // Past its deadline, read as lapsed before the sweep withdraws it (docs/decisions/088).
    offerLapsed: offerState(a.status, a.offerExpiresAt) === "lapsed",
    proofWaiting: a.paymentProof === "waiting",
    courseTitle: a.courseTitle,
    courseType: a.courseType,
    createdAt: a.createdAt,
    received: formatWhen(a.createdAt),
    guardian: a.guardian ?? null,
  }));
  const courseTitles = [...new Set([...courses.map((c) => c.title), ...(filters.course ? [filters.course] : [])])];
  return json({ applicants, pager, search, filters, counts, courseTitles }, { headers: api.headers });
}

export default function Applicants() {
  const { applicants, pager, search, filters, counts, courseTitles } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t.applicantsTitle}</h1>
      <PipelineToolbar search={search} filters={filters} courseTitles={courseTitles} />
      <PipelineCounts counts={counts} search={search} filters={filters} />
      {applicants.length === 0 ? (
        <p className="admin-empty">{t.noApplicants}</p>
      ) : (
        <AdminTable
          headers={[
            t.received,
            t.reference,
            t.name,
            t.course,
            p.status,
            t.email,
            t.phone,
            <span className="visually-hidden">{t.view}</span>,
          ]}
        >
          {applicants.map((a) => (
            <tr key={a.id}>
              <td data-label={t.received}>
                <time dateTime={a.createdAt}>{a.received}</time>
              </td>
              <td data-label={t.reference} className="applicant-reference">
                {a.reference}
              </td>
              <td data-label={t.name}>{a.name}</td>
              <td data-label={t.course}>
                {a.courseTitle} <small>({courseTypeWords(a.courseType)})</small>
              </td>
              <td data-label={p.status}>
                <span className={`status-badge status-${a.status}`} data-offer={a.offerLapsed ? "lapsed" : undefined}>
                  {a.offerLapsed ? OFFER_LAPSED_WORD : p.statuses[a.status]}
                </span>{" "}
                <GuardianBadge guardian={a.guardian} />
                {a.proofWaiting ? <ProofReceivedBadge /> : null}
              </td>
              <td data-label={t.email}>
                <a href={`mailto:${a.email}`}>{a.email}</a>
              </td>
              <td data-label={t.phone}>{a.phone}</td>
              <td>
                <Link to={`/admin/applicants/${a.id}`} aria-label={`${t.view}: ${a.name}`}>
                  {t.view}
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager pager={pager} search={search} filters={filters} />
    </>
  );
}
