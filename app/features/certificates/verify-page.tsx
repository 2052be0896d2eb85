import { CERTIFICATE_INPUT_MAX, certificateDay, formatCertificateNumber } from "@domain/certificates";
import { lagosDateFormat } from "@domain/schedule";
import { PageBanner } from "~/components/page-banner";
import { verifyText as t } from "~/content/certificates";
import { crumbs } from "~/content/site";
import { useAcademyName } from "~/hooks/use-settings";

import type { CheckPageData } from "./verify.server";

const revokedDay = lagosDateFormat({ day: "numeric", month: "long", year: "numeric" });

/**
 * The check page: a GET form (it works the same with JavaScript off, and its address can be
 * shared), then the one result — valid (every fact the certificate prints), revoked (day, category)
 * or unknown — or the limit's message.
 */
export function VerifyPage({ typed, result, limited }: CheckPageData) {
  const academyName = useAcademyName();
  return (
    <main id="main">
      <PageBanner title={t.title} crumbs={[crumbs.home, { label: t.title }]} />
      <div className="section">
        <div className="container narrow verify">
          <p>{t.intro(academyName)}</p>
          <form method="get" action="/verify" className="verify-form">
            <label htmlFor="certificate-number">{t.label}</label>
            <p id="certificate-number-hint" className="field-hint">
              {t.hint}
            </p>
            <div className="verify-row">
              <input
                id="certificate-number"
                name="number"
                type="text"
                required
                maxLength={CERTIFICATE_INPUT_MAX}
                defaultValue={typed}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-describedby="certificate-number-hint"
              />
              <button type="submit" className="btn btn-primary">
                {t.submit}
              </button>
            </div>
          </form>
          {limited ? (
            <p className="form-error" role="alert" data-testid="verify-limited">
              {limited}
            </p>
          ) : null}
          {result ? (
            <div className={`verify-result verify-${result.state}`} data-testid="verify-result" role="status">
              {result.state === "valid" ? (
                <>
                  <h2>{t.valid.title}</h2>
                  <p>{t.valid.lead(academyName)}</p>
                  <dl>
                    <dt>{t.valid.holder}</dt>
                    <dd data-testid="verify-holder">{result.holderName}</dd>
                    <dt>{t.valid.course}</dt>
                    <dd data-testid="verify-course">{result.courseTitle}</dd>
                    <dt>{t.valid.completed}</dt>
                    <dd>{certificateDay(result.completedOn)}</dd>
                    <dt>{t.valid.grade}</dt>
                    <dd data-testid="verify-grade">{result.grade ?? t.valid.noGrade}</dd>
                    <dt>{t.valid.signedBy}</dt>
                    <dd data-testid="verify-signed-by">{result.issuedByName}</dd>
                    <dt>{t.valid.number}</dt>
                    <dd>{formatCertificateNumber(result.number)}</dd>
                  </dl>
                </>
              ) : result.state === "revoked" ? (
                <>
                  <h2>{t.revoked.title}</h2>
                  <p>{t.revoked.lead(revokedDay.format(new Date(result.revokedOn)), t.reasons[result.reason])}</p>
                </>
              ) : (
                <>
                  <h2>{t.unknown.title}</h2>
                  <p>{t.unknown.lead(academyName)}</p>
                </>
              )}
            </div>
          ) : null}
        </div>
      </div>
    </main>
  );
}
