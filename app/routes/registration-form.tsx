import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { registrationCopy } from "~/content/registration";
import type { ErrorLink } from "~/features/registration/error-summary";
import { RegistrationFormOnFirstTouch } from "~/features/registration/form-on-first-touch";
import registrationStyles from "~/features/registration/registration.css";
import { answerRegistrationForm, loadRegistrationPage } from "~/features/registration/registration.server";
import { SavedBanner } from "~/features/registration/saved-banner";
import { academyNameFrom, titled } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, registrationCopy.metaTitle) },
  { name: "description", content: registrationCopy.metaDescription(academyNameFrom(matches)) },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrationStyles }];

// The form's page: the course list, the visitor's saved form, the anti-spam and upload tokens
// (registration.server.ts).
export async function loader({ request }: LoaderFunctionArgs) {
  return loadRegistrationPage(request);
}

// Submit, save for later, or a bot's answer (registration.server.ts).
export async function action({ request }: ActionFunctionArgs) {
  return answerRegistrationForm(request);
}

export default function RegistrationFormPage() {
  const { courses, preselected, preselectedIntake, intakeWords, uploadToken, constraint, saved } =
    useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <main id="main" className="container registration-page">
      <h1>{registrationCopy.heading}</h1>
      <p className="registration-intro">{registrationCopy.intro}</p>
      <SavedBanner saved={saved} />
      <RegistrationFormOnFirstTouch
        key={saved?.token ?? "new"}
        saved={saved?.form ?? null}
        resumeToken={saved?.token ?? ""}
        courses={courses}
        preselected={preselected}
        preselectedIntake={preselectedIntake}
        intakeWords={intakeWords}
        // A failed post's own token: the files it kept were uploaded with it.
        uploadToken={(failed && "uploadToken" in failed && failed.uploadToken) || uploadToken}
        constraint={constraint}
        lastResult={failed?.result}
        errorLink={(failed as { errorLink?: ErrorLink } | undefined)?.errorLink ?? null}
        kept={failed?.kept ?? saved?.form?.kept ?? []}
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
