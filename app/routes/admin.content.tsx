import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import type { PageContent } from "@domain/page-content";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageContentText as t } from "~/content/page-content";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import { PageContentForm } from "~/features/page-content/page-content-form";
import {
  attachImages,
  checkTyped,
  PAGE_CONTENT_FIELDS,
  PAGE_CONTENT_IMAGE_NAMES,
  pageContentFormSchema,
  rearranged,
  restoreSchema,
  typedFrom,
} from "~/features/page-content/page-content-form.server";
import { SettingsHistory } from "~/features/settings/settings-history";
import { UnauthorizedError, UpstreamError } from "~/upstream/index.server";
import { pageContentFor } from "~/upstream/page-content.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { titled } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// The home page's content blocks for Editors and Admins (docs/product.md, "Page content";
// docs/decisions/070): one form with the FAQs, team and testimonials, its history with restore.
// The API enforces the role; an Admissions member gets 403 here too.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.title) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.content");
  const before = Number(new URL(request.url).searchParams.get("before")) || undefined;
  const [content, revisions] = await Promise.all([pageContentFor(request), api.pageContent.revisions(before)]);
  const { version, ...typed } = content;
  return json(
    {
      typed: typed as PageContent,
      version,
      // The history names the blocks in words (the API stores their keys).
      revisions: revisions.map((r) => ({ ...r, changed: r.changed.map((b) => t.changed[b] ?? b) })),
    },
    { headers: api.headers },
  );
}

type ActionData = {
  typed: PageContent;
  problems: Record<string, string>;
  formError?: string;
  note?: string;
  round: number;
};

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.content");
  const { formData, oversize } = await readForm(
    request,
    FORM_LIMITS.pageContent,
    formFields([], ["intent", "version", ...PAGE_CONTENT_FIELDS, ...PAGE_CONTENT_IMAGE_NAMES]),
  );
  const round = Date.now();
  try {
    if (formData.get("intent") === "restore") {
      const parsed = restoreSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response("Bad request", { status: 400 });
      await api.pageContent.restore(parsed.data.version);
      return redirectWithToast(
        "/admin/content",
        { message: t.restored(parsed.data.version), type: "success" },
        { headers: api.headers },
      );
    }
    // The text fields only: the image files are read by attachImages.
    const texts = [...formData].filter(([, v]) => typeof v === "string");
    const parsed = pageContentFormSchema.safeParse(Object.fromEntries(texts));
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    // Images chosen go through the image pipeline first, whatever the button: their ids are then
    // part of what was typed, kept by a refused save or a rearrangement (docs/decisions/085).
    const fields = parsed.data as Record<string, string | undefined>;
    const imageProblems = await attachImages(
      formData,
      oversize,
      fields,
      (file, folder) => api.images.upload(file, folder),
      t.image,
      (error) => error instanceof UnauthorizedError,
    );
    const typed = typedFrom(fields);
    // A refused image is shown by its field, before anything moves it.
    if (parsed.data.intent !== "save" && Object.keys(imageProblems).length)
      return json<ActionData>({ typed, problems: imageProblems, formError: t.fixBelow, round }, { status: 400 });
    if (parsed.data.intent !== "save")
      // Add, remove, up, down: the form again, rearranged; nothing saved until Save.
      return json<ActionData>({
        typed: rearranged(typed, parsed.data.intent),
        problems: {},
        note: t.notSavedYet,
        round,
      });
    const checked = checkTyped(typed);
    const { value } = checked;
    const problems = { ...checked.problems, ...imageProblems };
    if (Object.keys(problems).length)
      return json<ActionData>({ typed, problems, formError: t.fixBelow, round }, { status: 400 });
    try {
      const saved = await api.pageContent.save(value);
      return redirectWithToast(
        "/admin/content",
        { message: saved.changed.length ? t.saved : t.unchanged, type: "success" },
        { headers: api.headers },
      );
    } catch (error) {
      await loginIfUnauthorized(error, request);
      if (!(error instanceof UpstreamError)) throw error;
      return json<ActionData>({ typed, problems: {}, formError: error.message, round }, failureInit(error));
    }
  } catch (error) {
    await loginIfUnauthorized(error, request);
    throw error;
  }
}

export default function PageContentPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData | undefined;
  const oldest = data.revisions.at(-1)?.version;
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {/* A key per answer and version: the form shows the values sent back, not the old inputs' state. */}
      <PageContentForm
        key={answer ? `answer-${answer.round}` : `v${data.version}`}
        typed={answer?.typed ?? data.typed}
        problems={answer?.problems ?? {}}
        formError={answer?.formError}
        note={answer?.note}
      />
      <SettingsHistory revisions={data.revisions} current={data.version} />
      {data.revisions.length >= 20 && oldest !== undefined && oldest > 0 ? (
        <p>
          <Link to={`/admin/content?before=${oldest}`}>{t.older}</Link>
        </p>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
