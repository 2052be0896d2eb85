import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { certificatesStaffText as t } from "~/content/certificates";
import { certificatesAction, certificatesLoader } from "~/features/certificates/staff.server";
import { CertificatesPage } from "~/features/certificates/staff-page";
import { titled } from "~/utils/seo";

// Certificates for a course's enrolled students: complete, issue, revoke (docs/decisions/058).
// Roles: Admin and Admissions (the applicants permission), checked again by the API.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.metaTitle) },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return certificatesLoader(request, "admin.certificates");
}

export async function action({ request }: ActionFunctionArgs) {
  return certificatesAction(request, "admin.certificates");
}

export default function CertificatesRoute() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return <CertificatesPage {...data} failed={failed} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
