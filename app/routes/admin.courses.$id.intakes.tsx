import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { intakesStaffCopy as t } from "~/content/intakes";
import { intakesAction, intakesLoader } from "~/features/intakes/staff.server";
import { IntakesPage } from "~/features/intakes/staff-page";
import { titled } from "~/utils/seo";

// A course's intakes and seats (docs/decisions/068-intakes-and-seats.md): Admissions and Admin
// (the applicants permission), checked again by the API.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.metaTitle) },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  return intakesLoader(request, "admin.courses.$id.intakes", params.id ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return intakesAction(request, "admin.courses.$id.intakes", params.id ?? "");
}

export default function CourseIntakesRoute() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return <IntakesPage {...data} lastResult={failed?.result} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
