import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { thankYouCopy } from "~/content/thank-you";
import { loadStatus } from "~/features/application/application.server";
import { onlineFeeLabel } from "~/features/payments/pay-online.server";
import registrationStyles from "~/features/registration/registration.css";
import { courseWithType, justRegistered, thankYouHeaders } from "~/features/registration/registration.server";
import { ThankYou } from "~/features/registration/thank-you";
import { bankAccountOf, siteSettingsFor } from "~/upstream/settings.server";
import { titled } from "~/utils/seo";

// The thank-you screen after a registration, its own page so the form's page carries none of its
// code (the reference, the pay-online form, the bank details): shown once, from the visitor's
// cookie, never cached (docs/decisions/015-http-caching.md, 018-registration-for-phones.md).

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, thankYouCopy.metaTitle) },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const registered = await justRegistered(request);
  // Shown once: a reload, or a visit without having registered, finds the form.
  if (!registered) return redirect("/registration-form");
  // "Pay … online" after the form, when paying online is open (docs/decisions/062).
  const payOnline = await onlineFeeLabel(request, registered.statusToken);
  // A minor's guardian's step, as the status page shows it (docs/decisions/065).
  const status = registered.statusToken ? await loadStatus(request, registered.statusToken) : null;
  return json(
    {
      registered: {
        ...registered,
        course: courseWithType(registered),
        payOnline,
        guardian: status?.guardian ?? null,
      },
      bankAccount: bankAccountOf(await siteSettingsFor(request)),
    },
    { headers: await thankYouHeaders() },
  );
}

export default function RegistrationReceivedPage() {
  const { registered } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container registration-page">
      <ThankYou registered={registered} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
