import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { formatWhen } from "@domain/schedule";
import { historyText as t, revisionFieldLabels } from "~/content/lifecycle";
import { site } from "~/content/site";
import { staffName } from "~/features/admin/staff-names";
import { loginIfUnauthorized, requirePermission } from "~/features/auth/auth.server";
import { RichText } from "~/features/details/detail";
import { UpstreamError } from "~/upstream/index.server";
import { readForm } from "~/utils/form-body.server";
import { historyPath, itemTypeParam } from "~/utils/paths";
import { redirectWithToast } from "~/utils/toast.server";

// docs/product.md §4: one earlier version of an item, and its restore (a real form).
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? t.versionOf(data.version, data.fields.title) : t.link} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const type = itemTypeParam(params.type);
  const { api } = await requirePermission(request, "content");
  try {
    const rev = await api.revisions.get(type, params.id ?? "", params.revId ?? "");
    const item = rev.item as Record<string, unknown> & { _id: string; title: string; content: string };
    const fields: Record<string, string> = Object.fromEntries(
      revisionFieldLabels[type].map(([key]) => [key, item[key] == null ? "" : String(item[key])]),
    );
    return json(
      {
        type,
        version: rev.version,
        fields: { ...fields, title: item.title } as Record<string, string> & { title: string },
        content: item.content,
        madeBy: t.madeBy(staffName(rev.madeBy), formatWhen(rev.madeAt)),
        replacedBy: t.replacedBy(staffName(rev.replacedBy), formatWhen(rev.replacedAt)),
        back: historyPath(type, item._id),
      },
      { headers: api.headers },
    );
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const type = itemTypeParam(params.type);
  const { api } = await requirePermission(request, "content");
  const { formData } = await readForm(request);
  const id = params.id ?? "";
  if (formData.get("intent") !== "restore") return json({ error: t.restoreFailed }, { status: 400 });
  try {
    const rev = await api.revisions.get(type, id, params.revId ?? "");
    await api.revisions.restore(type, id, rev._id);
    return redirectWithToast(
      historyPath(type, id),
      { message: t.restored(rev.version), type: "success" },
      { headers: api.headers },
      request,
    );
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (error instanceof UpstreamError && error.status < 500)
      return json({ error: error.message }, { status: error.status });
    console.error("[history] restore failed", error);
    return json({ error: t.restoreFailed }, { status: 502 });
  }
}

export default function RevisionView() {
  const { type, version, fields, content, madeBy, replacedBy, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const restoring = useNavigation().state === "submitting";
  return (
    <>
      <h1>{t.versionOf(version, fields.title)}</h1>
      <p>
        <Link to={back}>← {t.backToHistory}</Link>
      </p>
      <p className="staff-audit">
        {madeBy}
        <br />
        {replacedBy}
      </p>
      <Form method="post" className="history-restore">
        <p>{t.restoreHint}</p>
        {actionData && "error" in actionData ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="restore"
          className="btn btn-primary"
          disabled={restoring}
          aria-busy={restoring}
        >
          {restoring ? t.restoring : t.restore}
        </button>
      </Form>
      <h2>{t.details}</h2>
      <dl className="admin-detail">
        {revisionFieldLabels[type].map(([key, label]) => (
          <div key={key} style={{ display: "contents" }}>
            <dt>{label}</dt>
            <dd>{fields[key]}</dd>
          </div>
        ))}
      </dl>
      <RichText html={content} />
    </>
  );
}
