import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { settingsText as t } from "~/content/settings";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import { SettingsForm } from "~/features/settings/settings-form";
import {
  readSettingsForm,
  restoreSchema,
  SETTINGS_FIELDS,
  settingsFormSchema,
  type Typed,
  typedFrom,
} from "~/features/settings/settings-form.server";
import { SettingsHistory } from "~/features/settings/settings-history";
import { UpstreamError } from "~/upstream/index.server";
import { siteSettingsFor } from "~/upstream/settings.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { titled } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// The academy's settings for Admins (docs/product.md, "Settings"; docs/decisions/060): one form,
// its history with restore. The API enforces the role; an Editor or Admissions member gets 403 here too.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.title) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.settings");
  const before = Number(new URL(request.url).searchParams.get("before")) || undefined;
  const [settings, revisions] = await Promise.all([siteSettingsFor(request), api.settings.revisions(before)]);
  return json(
    { typed: typedFrom(settings), version: settings.version, sampleBank: settings.sampleBank, revisions, before },
    { headers: api.headers },
  );
}

type ActionData = { typed: Typed; problems: Record<string, string>; formError?: string };

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.settings");
  const { formData } = await readForm(
    request,
    FORM_LIMITS.small,
    formFields([], ["intent", "version", ...SETTINGS_FIELDS]),
  );
  try {
    if (formData.get("intent") === "restore") {
      const parsed = restoreSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response("Bad request", { status: 400 });
      await api.settings.restore(parsed.data.version);
      return redirectWithToast(
        "/admin/settings",
        { message: t.restored(parsed.data.version), type: "success" },
        { headers: api.headers },
      );
    }
    const parsed = settingsFormSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    const typed = parsed.data as Typed;
    const { value, problems } = readSettingsForm(typed);
    if (Object.keys(problems).length)
      return json<ActionData>({ typed, problems, formError: t.fixBelow }, { status: 400 });
    try {
      const saved = await api.settings.save(value);
      return redirectWithToast(
        "/admin/settings",
        { message: saved.changed.length ? t.saved : t.unchanged, type: "success" },
        { headers: api.headers },
      );
    } catch (error) {
      await loginIfUnauthorized(error, request);
      if (!(error instanceof UpstreamError)) throw error;
      return json<ActionData>({ typed, problems: {}, formError: error.message }, failureInit(error));
    }
  } catch (error) {
    await loginIfUnauthorized(error, request);
    throw error;
  }
}

export default function SettingsPage() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as ActionData | undefined;
  const oldest = data.revisions.at(-1)?.version;
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {data.sampleBank ? <p className="form-error-summary">{t.sampleWarning}</p> : null}
      {/* A key per version: after a save or restore the form shows the new values, not the old inputs' state. */}
      <SettingsForm
        key={failed ? "failed" : data.version}
        typed={failed?.typed ?? data.typed}
        problems={failed?.problems ?? {}}
        formError={failed?.formError}
      />
      <SettingsHistory revisions={data.revisions} current={data.version} />
      {data.revisions.length >= 20 && oldest !== undefined && oldest > 0 ? (
        <p>
          <Link to={`/admin/settings?before=${oldest}`}>{t.older}</Link>
        </p>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
