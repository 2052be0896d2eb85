import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { registrationCopy } from "~/content/registration";
import { isOfflineCopyRequest } from "~/features/offline/offline-copy";
import { onlineFeeLabel } from "~/features/payments/pay-online.server";
import type { CourseChoice } from "~/features/registration/course-selection";
import { RegistrationFormOnFirstTouch } from "~/features/registration/form-on-first-touch";
import registrationStyles from "~/features/registration/registration.css";
import {
  answerSpam,
  askToResend,
  justRegistered,
  loadCourseChoices,
  readRegistrationForm,
  registrationConstraint,
  submitRegistration,
  thankYouHeaders,
} from "~/features/registration/registration.server";
import { SavedBanner } from "~/features/registration/saved-banner";
import { savedFormFor, saveRegistration } from "~/features/registration/saved-form.server";
import { ThankYou } from "~/features/registration/thank-you";
import { hasSessionCookie } from "~/upstream/transport.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";
import { honeypot, honeypotVerdict } from "~/utils/honeypot.server";

export const meta: MetaFunction = () => [
  { title: registrationCopy.metaTitle },
  { name: "description", content: registrationCopy.metaDescription },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const registered = await justRegistered(request);
  if (registered)
    return json(
      {
        // "Pay … online" after the form, when paying online is open (docs/decisions/062).
        registered: { ...registered, payOnline: await onlineFeeLabel(request, registered.statusToken) },
        courses: [] as CourseChoice[],
        preselected: "",
        uploadToken: "",
        constraint: {},
        honeypot: null,
        saved: null,
      },
      { headers: await thankYouHeaders() },
    );
  // The offline worker's public copy: the same form for everyone, without the per-visitor tokens.
  const offlineCopy = isOfflineCopyRequest(new URL(request.url)) && !hasSessionCookie(request);
  const { courses, preselected, uploadToken, headers } = await loadCourseChoices(request, {
    withUploadToken: !offlineCopy,
  });
  const saved = offlineCopy ? null : await savedFormFor(request);
  if (saved) headers.set("Cache-Control", PRIVATE_NO_STORE);
  return json(
    {
      registered: null,
      courses,
      preselected,
      uploadToken,
      constraint: registrationConstraint,
      honeypot: offlineCopy ? null : honeypot.getInputProps(),
      saved,
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readRegistrationForm(request);
  const verdict = honeypotVerdict(form.formData);
  if (verdict === "bot") return answerSpam();
  if (verdict === "resend") return askToResend(form.formData);
  if (form.formData.get("intent") === "save") return saveRegistration(request, form);
  return submitRegistration(request, form);
}

export default function RegistrationFormPage() {
  const { registered, courses, preselected, uploadToken, constraint, saved } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <main id="main" className="container registration-page">
      {registered ? (
        <ThankYou registered={registered} />
      ) : (
        <>
          <h1>{registrationCopy.heading}</h1>
          <p className="registration-intro">{registrationCopy.intro}</p>
          <SavedBanner saved={saved} />
          <RegistrationFormOnFirstTouch
            key={saved?.token ?? "new"}
            saved={saved?.form ?? null}
            resumeToken={saved?.token ?? ""}
            courses={courses}
            preselected={preselected}
            // A failed post's own token: the files it kept were uploaded with it.
            uploadToken={(failed && "uploadToken" in failed && failed.uploadToken) || uploadToken}
            constraint={constraint}
            lastResult={failed?.result}
            kept={failed?.kept ?? saved?.form?.kept ?? []}
          />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
