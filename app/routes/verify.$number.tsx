import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { verifyText } from "~/content/certificates";
import verifyStyles from "~/features/certificates/verify.css";
import { checkPage, NO_STORE } from "~/features/certificates/verify.server";
import { VerifyPage } from "~/features/certificates/verify-page";
import { titled } from "~/utils/seo";

// What a certificate's QR code opens: the check of that number (docs/decisions/058). Not for
// search engines: a holder's name is shown to whoever has the number, not to whoever searches.
export const handle = { hydrate: false } as const;

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, verifyText.title) },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: verifyStyles }];

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  ...NO_STORE,
  ...(loaderHeaders.get("Retry-After") ? { "Retry-After": loaderHeaders.get("Retry-After")! } : {}),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  return checkPage(request, params.number ?? null);
}

export default function VerifyNumberRoute() {
  return <VerifyPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
