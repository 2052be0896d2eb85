import type { ActionFunctionArgs, HeadersFunction, LinksFunction, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, SubmitButton } from "~/components/form-parts";
import { linkRequestCopy as copy } from "~/content/application";
import { NO_STORE, requestLink } from "~/features/application/application.server";
import registrationStyles from "~/features/registration/registration.css";
import { titled } from "~/utils/seo";

// "Send me my link again" (docs/decisions/035): the e-mail used to apply; the same answer
// whether or not it is known, limited per address asked for and per network by the API.

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, copy.metaTitle) },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrationStyles }];

export const headers: HeadersFunction = () => NO_STORE;

export async function action({ request }: ActionFunctionArgs) {
  return requestLink(request);
}

export default function LinkRequestRoute() {
  const answer = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  return (
    <main id="main" className="container registration-page">
      <h1>{copy.heading}</h1>
      {answer?.done ? (
        <p role="status" className="link-request-done">
          {copy.done}
        </p>
      ) : (
        <>
          <p>{copy.intro}</p>
          <Form method="post" className="link-request-form">
            <div className="field" data-invalid={answer?.error ? "" : undefined}>
              <label htmlFor="link-email">{copy.email}</label>
              <input
                id="link-email"
                name="email"
                type="email"
                required
                maxLength={200}
                autoComplete="email"
                defaultValue={answer?.email ?? ""}
                aria-invalid={answer?.error ? true : undefined}
                aria-describedby={answer?.error ? "link-email-error" : undefined}
              />
              <ErrorList id="link-email-error" errors={answer?.error ? [answer.error] : null} />
            </div>
            <SubmitButton pending={pending} idleText={copy.submit} pendingText={copy.submit} />
          </Form>
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
