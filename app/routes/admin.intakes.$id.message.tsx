import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { intakeMessageText as t } from "~/content/desk";
import { messageAction, messageLoader } from "~/features/intake-message/message.server";
import { MessagePage } from "~/features/intake-message/message-page";
import { titled } from "~/utils/seo";

// Message an intake (docs/decisions/080-message-an-intake.md): Admissions and Admin, checked
// again by the API; a preview with the count before anything is sent.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.metaTitle) },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  return messageLoader(request, "admin.intakes.$id.message", params.id ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return messageAction(request, "admin.intakes.$id.message", params.id ?? "");
}

export default function IntakeMessageRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <MessagePage {...data} lastResult={answer?.result} preview={answer?.preview ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
