import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RegistrationForm } from "~/components/registration/registration-form";
import { ThankYou } from "~/components/registration/thank-you";
import { registrationCopy } from "~/content/registration";
import { isSpam } from "~/honeypot.server";
import {
  answerSpam, justRegistered, loadCourseChoices, readRegistrationForm, submitRegistration,
} from "~/registration.server";
import registrationStyles from "~/styles/registration.css";

export const meta: MetaFunction = () => [
  { title: registrationCopy.metaTitle },
  { name: "description", content: registrationCopy.metaDescription },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await justRegistered(request)) return json({ submitted: true, courses: [] as string[], preselected: "" });
  const { courses, preselected, headers } = await loadCourseChoices(request);
  return json({ submitted: false, courses, preselected }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readRegistrationForm(request);
  if (isSpam(formData)) return answerSpam();
  return submitRegistration(request, formData);
}

export default function RegistrationFormPage() {
  const { submitted, courses, preselected } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <main id="main" className="container registration-page">
      {submitted ? (
        <ThankYou />
      ) : (
        <>
          <h1>{registrationCopy.heading}</h1>
          <p className="registration-intro">{registrationCopy.intro}</p>
          <RegistrationForm courses={courses} preselected={preselected} lastResult={failed?.result} kept={failed?.kept ?? []} />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
