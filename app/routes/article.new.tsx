import { site } from "~/content/site";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { editorAction, loadNewEditor } from "~/utils/editor.server";
import { EditorPage } from "~/components/editor/editor-page";
import { editorShouldRevalidate } from "~/schemas/editor";
import { editorText } from "~/content/staff";
import editorStyles from "~/styles/editor.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: editorStyles }];

export const meta: MetaFunction = () => [
  { title: `${editorText.newHeading.article} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

export const loader = ({ request }: LoaderFunctionArgs) => loadNewEditor(request, "article");

export const action = ({ request }: ActionFunctionArgs) => editorAction(request, "article", null);

export const shouldRevalidate = editorShouldRevalidate;

export default function NewArticle() {
  return <EditorPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
