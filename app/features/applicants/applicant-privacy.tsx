import { consentLine } from "@domain/consent-line";
import { formatWhen } from "@domain/schedule";
import { consentText as t } from "~/content/privacy-staff";
import type { ApplicantDetail } from "~/upstream/index.server";

// An applicant's consent record, guardian and retention date, on the staff page
// (docs/decisions/033-consent-versions-and-minors.md, 034-retention-and-rights.md).

export function ApplicantPrivacy({ applicant }: { applicant: ApplicantDetail }) {
  const g = applicant.guardian;
  return (
    <section aria-labelledby="privacy-title">
      <h2 id="privacy-title">{t.title}</h2>
      {applicant.anonymisedAt ? <p>{t.anonymised(formatWhen(applicant.anonymisedAt))}</p> : null}
      <dl className="admin-detail">
        <dt>{t.versions}</dt>
        <dd>{applicant.consents ? consentLine(applicant.consents) : t.before}</dd>
        {applicant.consentedAt ? (
          <>
            <dt>{t.acceptedAt}</dt>
            <dd>{formatWhen(applicant.consentedAt)}</dd>
          </>
        ) : null}
        <dt>{t.guardian}</dt>
        <dd>
          {g ? (
            <>
              {g.name} ({g.relationship}), {g.phone}, {g.email} —{" "}
              <strong>
                {g.refusedAt
                  ? t.guardianRefused(formatWhen(g.refusedAt))
                  : g.confirmedAt
                    ? t.guardianConfirmed(formatWhen(g.confirmedAt))
                    : t.guardianAwaiting}
              </strong>
            </>
          ) : (
            t.noGuardian
          )}
        </dd>
        <dt>{t.filesDelete}</dt>
        <dd>
          {applicant.filesDeletedAt
            ? t.filesDeleted(formatWhen(applicant.filesDeletedAt))
            : applicant.filesDeleteOn
              ? t.filesDeleteOn(formatWhen(applicant.filesDeleteOn.on), applicant.filesDeleteOn.rule)
              : ""}
        </dd>
      </dl>
    </section>
  );
}

/** The guardian's confirmation in the pipeline list: a badge, or nothing for an adult. */
export function GuardianBadge({
  guardian,
}: {
  guardian: { confirmedAt: string | null; refusedAt?: string | null } | null | undefined;
}) {
  if (!guardian) return null;
  // A refusal outweighs an earlier confirmation (decision 065).
  const state = guardian.refusedAt ? "refused" : guardian.confirmedAt ? "confirmed" : "awaiting";
  const words = {
    refused: t.guardianBadgeRefused,
    confirmed: t.guardianBadgeConfirmed,
    awaiting: t.guardianBadgeAwaiting,
  };
  return <span className={`status-badge guardian-${state}`}>{words[state]}</span>;
}
