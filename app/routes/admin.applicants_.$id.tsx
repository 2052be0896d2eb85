import { site } from "~/content/site";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/admin/inbox";
import { formatWhen } from "~/components/admin/inbox.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireStaff } from "~/auth.server";
import { inboxText as t } from "~/content/staff";
import adminStyles from "~/styles/admin.css";
import { UpstreamError } from "~/upstream/index.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.applicant.firstname} ${data.applicant.lastname}` : t.applicantsTitle} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request);
  try {
    const applicant = await api.applicants.get(params.id ?? "");
    return json({ applicant, received: formatWhen(applicant.createdAt) }, { headers: api.headers });
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

function show(value: unknown) {
  if (typeof value === "boolean") return value ? t.yes : t.no;
  if (Array.isArray(value)) return value.join(", ");
  return String(value ?? "");
}

const fileSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export default function ApplicantDetail() {
  const { applicant, received } = useLoaderData<typeof loader>();
  return (
    <AdminShell title={`${applicant.firstname} ${applicant.lastname}`}>
      <p><Link to="/admin/applicants">← {t.backToApplicants}</Link></p>
      <dl className="admin-detail">
        {t.applicantFields.map(([key, label]) => (
          <div key={key} style={{ display: "contents" }}>
            <dt>{label}</dt>
            <dd>{key === "createdAt" ? received : show(applicant[key])}</dd>
          </div>
        ))}
      </dl>
      <h2>{t.files}</h2>
      {applicant.files.length === 0 ? (
        <p>{t.noFiles}</p>
      ) : (
        <ul className="admin-files">
          {applicant.files.map((f) => (
            <li key={f.public_id}>
              <span>{f.name}</span>
              <small>({f.group}, {f.type}, {fileSize(f.size)})</small>
              <a className="btn btn-outline btn-small" href={`/admin/files/${f.public_id}`} download={f.name} aria-label={`${t.download}: ${f.name}`}>
                {t.download}
              </a>
            </li>
          ))}
        </ul>
      )}
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
