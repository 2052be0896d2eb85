import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, NavLink, useActionData, useLoaderData } from "@remix-run/react";

import { currentLegalVersion, isLegalDoc, LEGAL_DOCS, type TypedLegal, typedLegal } from "@domain/legal-texts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { legalDoc } from "~/content/legal";
import { legalTextsText as t } from "~/content/legal-texts";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import { LegalTextForm } from "~/features/legal-texts/legal-text-form";
import {
  checkTyped,
  LEGAL_TEXT_FIELDS,
  legalTextFormSchema,
  rearranged,
  typedFrom,
} from "~/features/legal-texts/legal-text-form.server";
import { restoreSchema } from "~/features/page-content/page-content-form.server";
import { SettingsHistory } from "~/features/settings/settings-history";
import { UpstreamError } from "~/upstream/index.server";
import { legalTextFor } from "~/upstream/legal-texts.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { titled } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// The privacy notice and the terms for Admins (docs/product.md, "Privacy notice and terms";
// docs/decisions/071): one form each, its history with restore. A save that changes the words
// publishes the text's next consent version. The API enforces the role; others get 403 here too.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: titled(matches, t.title(data?.title ?? t.tab)) },
  { name: "robots", content: "noindex" },
];

function docOf(name: string | undefined) {
  if (!name || !isLegalDoc(name)) throw new Response("Not found", { status: 404 });
  return name;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.legal.$doc");
  const name = docOf(params.doc);
  const before = Number(new URL(request.url).searchParams.get("before")) || undefined;
  const [stored, revisions] = await Promise.all([legalTextFor(request, name), api.legalTexts.revisions(name, before)]);
  const shown = legalDoc(name, stored);
  return json(
    {
      name,
      title: shown.title,
      typed: typedLegal(stored),
      consentVersion: currentLegalVersion(stored).version,
      effective: shown.effective,
      revision: before ? undefined : (revisions[0]?.version ?? 0),
      revisions,
    },
    { headers: api.headers },
  );
}

type ActionData = {
  typed: TypedLegal;
  problems: Record<string, string>;
  formError?: string;
  note?: string;
  round: number;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.legal.$doc");
  const name = docOf(params.doc);
  const here = `/admin/legal/${name}`;
  const { formData } = await readForm(
    request,
    FORM_LIMITS.legalText,
    formFields([], ["intent", "version", ...LEGAL_TEXT_FIELDS]),
  );
  const round = Date.now();
  try {
    if (formData.get("intent") === "restore") {
      const parsed = restoreSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response("Bad request", { status: 400 });
      await api.legalTexts.restore(name, parsed.data.version);
      return redirectWithToast(
        here,
        { message: t.restored(parsed.data.version), type: "success" },
        { headers: api.headers },
      );
    }
    const parsed = legalTextFormSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    const typed = typedFrom(parsed.data);
    if (parsed.data.intent !== "save")
      // Add, remove, up, down: the form again, rearranged; nothing saved until Save.
      return json<ActionData>({
        typed: rearranged(typed, parsed.data.intent),
        problems: {},
        note: t.notSavedYet,
        round,
      });
    const problems = checkTyped(typed);
    if (Object.keys(problems).length)
      return json<ActionData>({ typed, problems, formError: t.fixBelow, round }, { status: 400 });
    try {
      const saved = await api.legalTexts.save(name, typed);
      return redirectWithToast(
        here,
        { message: saved.changed.length ? t.saved(saved.version) : t.unchanged, type: "success" },
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

export default function LegalTextPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData | undefined;
  const oldest = data.revisions.at(-1)?.version;
  return (
    <>
      <h1>{t.title(data.title)}</h1>
      <nav aria-label={t.tab} className="admin-pager">
        {LEGAL_DOCS.map((d) => (
          <NavLink key={d} to={`/admin/legal/${d}`}>
            {t.docs[d]}
          </NavLink>
        ))}
      </nav>
      <p>{t.intro}</p>
      <p>
        {t.currentVersion(data.consentVersion, data.effective)} <a href={`/${data.name}`}>{t.view}</a>
      </p>
      {/* A key per answer and version: the form shows the values sent back, not the old inputs' state. */}
      <LegalTextForm
        key={answer ? `answer-${answer.round}` : `${data.name}-v${data.consentVersion}`}
        typed={answer?.typed ?? data.typed}
        problems={answer?.problems ?? {}}
        formError={answer?.formError}
        note={answer?.note}
      />
      <SettingsHistory revisions={data.revisions} current={data.revision ?? -1} />
      {data.revisions.length >= 20 && oldest !== undefined && oldest > 0 ? (
        <p>
          <Link to={`/admin/legal/${data.name}?before=${oldest}`}>{t.older}</Link>
        </p>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
