import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deskListsText as t } from "~/content/desk";
import { GuardiansPage } from "~/features/desk/desk-lists";
import { guardiansAction, guardiansLoader } from "~/features/desk/desk-lists.server";
import { titled } from "~/utils/seo";

// Guardians still to answer, behind the desk's count
// (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md): Admissions and Admin,
// checked again by the API; "send the link again" is a real form.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.guardians.metaTitle) },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return guardiansLoader(request, "admin.desk_.guardians");
}

export async function action({ request }: ActionFunctionArgs) {
  return guardiansAction(request, "admin.desk_.guardians");
}

export default function GuardiansPendingRoute() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return <GuardiansPage {...data} failed={failed} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
