import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { editorText } from "~/content/editor";
import editorStyles from "~/features/editor/editor.css";
import { editorAction, loadNewEditor } from "~/features/editor/editor.server";
import { EditorPage } from "~/features/editor/editor-page";
import { editorShouldRevalidate } from "~/features/editor/schema";
import { titled } from "~/utils/seo";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: editorStyles }];

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, editorText.newHeading.course) },
  { name: "robots", content: "noindex" },
];

export const loader = ({ request }: LoaderFunctionArgs) => loadNewEditor(request, "course", "course.new");

export const action = ({ request }: ActionFunctionArgs) => editorAction(request, "course", null, "course.new");

export const shouldRevalidate = editorShouldRevalidate;

export default function NewCourse() {
  return <EditorPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
