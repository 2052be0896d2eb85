import type { JobsListExtras } from "~/features/lists/jobs-list.server";

/**
 * The jobs list's invitation: a plain form to the job alerts page, which answers (and shows any
 * error with what was typed). No form library here, and its words come with the list's data
 * (app/features/lists/jobs-list.server.ts): the blog's script stays as it was.
 */
export function JobAlertTeaser({ words: t }: { words: JobsListExtras["teaser"] }) {
  return (
    <aside className="job-alert-teaser" aria-labelledby="job-alert-teaser-heading">
      <h2 id="job-alert-teaser-heading">{t.heading}</h2>
      <p>{t.text}</p>
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
