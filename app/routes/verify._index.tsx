import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { verifyText } from "~/content/certificates";
import verifyStyles from "~/features/certificates/verify.css";
import { checkPage, NO_STORE } from "~/features/certificates/verify.server";
import { VerifyPage } from "~/features/certificates/verify-page";
import { academyNameFrom, seo } from "~/utils/seo";
import { staticPage } from "~/utils/static-page";

// The public certificate check's form, and its answer when the form was sent (?number=…); the
// page needs no JavaScript at all (docs/decisions/058-certificates-and-their-public-check.md).
export const handle = staticPage;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: verifyText.title,
    description: verifyText.description(academyNameFrom(matches)),
    path: "/verify",
  });

export const links: LinksFunction = () => [{ rel: "stylesheet", href: verifyStyles }];

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  ...NO_STORE,
  ...(loaderHeaders.get("Retry-After") ? { "Retry-After": loaderHeaders.get("Retry-After")! } : {}),
});

export async function loader({ request }: LoaderFunctionArgs) {
  return checkPage(request, new URL(request.url).searchParams.get("number"));
}

export default function VerifyRoute() {
  return <VerifyPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
