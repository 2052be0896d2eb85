import { Form, Link } from "@remix-run/react";

import { jobAlertText as t } from "~/content/job-alerts";

/**
 * A page a mailed link opens: opening it changes nothing (mail scanners open links); the button
 * does. After the button, `done` says what happened; `error` a link that no longer works.
 */
export function TokenPage(props: {
  heading: string;
  intro: string;
  button: string;
  token: string;
  done: string | null;
  error: string | null;
}) {
  return (
    <main id="main" className="container narrow job-alert-page">
      <h1>{props.heading}</h1>
      {props.done ? (
        <p role="status">{props.done}</p>
      ) : props.token && !props.error ? (
        <>
          <p>{props.intro}</p>
          <Form method="post">
            <input type="hidden" name="token" value={props.token} />
            <button type="submit" className="btn btn-primary">
              {props.button}
            </button>
          </Form>
        </>
      ) : (
        <p role="alert">{props.error ?? t.invalid}</p>
      )}
      <p>
        <Link to="/blog?jobs">{t.backToJobs}</Link>
      </p>
    </main>
  );
}
