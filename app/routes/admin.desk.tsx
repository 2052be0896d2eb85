import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { deskText as t } from "~/content/desk";
import { deskLoader } from "~/features/desk/desk.server";
import { DeskPage } from "~/features/desk/desk-page";
import { titled } from "~/utils/seo";

// The admissions desk (docs/decisions/076-the-admissions-desk.md): Admissions' landing page,
// Admin's too (the applicants permission), checked again by the API.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.metaTitle) },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return deskLoader(request, "admin.desk");
}

export default function DeskRoute() {
  const data = useLoaderData<typeof loader>();
  return <DeskPage {...data} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
