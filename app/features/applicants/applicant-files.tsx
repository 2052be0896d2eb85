import { inboxText as t } from "~/content/inbox";
import type { ApplicantDetail } from "~/upstream/schemas";

// An applicant's files on their page (docs/product.md §4): images shown in the page, PDFs
// opened in the browser's own viewer, each with a download named after the applicant and the
// reference. Every one comes through /admin/files/…, staff only; the API records each view and
// each download (docs/security.md).

const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const fileUrl = (publicId: string) => `/admin/files/${publicId}`;

export function ApplicantFiles({
  applicant,
}: {
  applicant: Pick<ApplicantDetail, "files" | "firstname" | "lastname">;
}) {
  if (applicant.files.length === 0) return <p>{t.noFiles}</p>;
  const name = `${applicant.firstname} ${applicant.lastname}`;
  return (
    <ul className="admin-files">
      {applicant.files.map((f) => {
        const kind = t.fileGroups[f.group] ?? f.group;
        const view = `${fileUrl(f.public_id)}?view=inline`;
        return (
          <li key={f.public_id}>
            {f.inline && f.type.startsWith("image/") ? (
              <a href={view} target="_blank" rel="noopener" className="admin-file-preview">
                <img src={view} alt={t.fileImageAlt(name, kind)} loading="lazy" decoding="async" />
              </a>
            ) : null}
            <span>{f.downloadName}</span>
            <small>
              ({kind}, {f.type}, {fileSize(f.size)})
            </small>
            {f.inline && f.type === "application/pdf" ? (
              <a
                className="btn btn-outline btn-small"
                href={view}
                target="_blank"
                rel="noopener"
                aria-label={`${t.viewPdf}: ${f.downloadName}`}
              >
                {t.viewPdf}
              </a>
            ) : null}
            <a
              className="btn btn-outline btn-small"
              href={fileUrl(f.public_id)}
              download={f.downloadName}
              aria-label={`${t.download}: ${f.downloadName}`}
            >
              {t.download}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
