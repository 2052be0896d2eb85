import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deskListsText as t } from "~/content/desk";
import { SavedFormsPage } from "~/features/desk/desk-lists";
import { savedFormsLoader } from "~/features/desk/desk-lists.server";
import { titled } from "~/utils/seo";

// Saved forms not sent yet, behind the desk's count
// (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md): Admissions and Admin,
// checked again by the API. Nothing to act on: the one reminder goes by itself.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.savedForms.metaTitle) },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return savedFormsLoader(request, "admin.desk_.saved-forms");
}

export default function SavedFormsRoute() {
  const data = useLoaderData<typeof loader>();
  return <SavedFormsPage {...data} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
