import { jobAlertText as t } from "~/content/job-alerts";

/**
 * The jobs list's invitation: a plain form to the job alerts page, which answers (and shows any
 * error with what was typed). No form library here: the blog's script stays as it was.
 */
export function JobAlertTeaser() {
  return (
    <aside className="job-alert-teaser" aria-labelledby="job-alert-teaser-heading">
      <h2 id="job-alert-teaser-heading">{t.teaserHeading}</h2>
      <p>{t.teaser}</p>
      <form method="post" action="/job-alerts" className="job-alert-form">
        <label htmlFor="job-alert-email">{t.email}</label>
        <input id="job-alert-email" type="email" name="email" required maxLength={200} autoComplete="email" />
        <button type="submit" className="btn btn-primary">
          {t.subscribe}
        </button>
      </form>
    </aside>
  );
}
