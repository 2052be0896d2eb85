import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { formatNaira } from "@domain/naira";
import { categoryName } from "@domain/offers";
import { formatLagos, formatWhen } from "@domain/schedule";
import { staffName } from "@domain/staff-names";
import { Image } from "~/components/image";
import {
  historyText as t,
  revisionCompareText as ct,
  revisionFieldLabels,
  revisionImageFields,
} from "~/content/lifecycle";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import { RichText } from "~/features/details/detail";
import { UpstreamError } from "~/upstream/index.server";
import { readForm } from "~/utils/form-body.server";
import { historyPath, itemTypeParam } from "~/utils/paths";
import { titled } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// docs/product.md §4: one earlier version of an item, and its restore (a real form).
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: titled(matches, data ? t.versionOf(data.version, data.title) : t.link) },
  { name: "robots", content: "noindex" },
];

/** A stored field as staff read it: naira, a category's name, a Lagos time; "" when empty. */
function shown(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if ((key === "fee" || key === "salaryMin" || key === "salaryMax") && typeof value === "number")
    return formatNaira(value);
  if (key === "category") return categoryName(String(value)) ?? String(value);
  if (key === "publishAt" && typeof value === "string") return formatLagos(value);
  return String(value);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const type = itemTypeParam(params.type);
  const { api } = await requireStaffRoute(request, "admin.$type.$id.history_.$revId");
  try {
    const rev = await api.revisions.get(type, params.id ?? "", params.revId ?? "");
    const item = rev.item as Record<string, unknown> & { _id: string; title: string; content: string };
    // The current version, to mark what this one changes (docs/product.md §4); a trashed item has none to read.
    const current = (await api
      .items(type)
      .get(item._id, { preview: true })
      .catch(() => null)) as Record<string, unknown> | null;
    const rows = revisionFieldLabels[type].map(([key, label]) => ({
      key,
      label,
      value: shown(key, item[key]),
      image: revisionImageFields.includes(key) && typeof item[key] === "string" ? (item[key] as string) : "",
      changed: current ? shown(key, item[key]) !== shown(key, current[key]) : false,
      current: current ? shown(key, current[key]) : "",
    }));
    return json(
      {
        type,
        version: rev.version,
        title: item.title,
        rows,
        compared: !!current,
        contentChanged: current ? (current.content ?? "") !== (item.content ?? "") : false,
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
  const { api } = await requireStaffRoute(request, "admin.$type.$id.history_.$revId");
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
  const { version, title, rows, compared, contentChanged, content, madeBy, replacedBy, back } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const restoring = useNavigation().state === "submitting";
  const anyChange = contentChanged || rows.some((row) => row.changed);
  return (
    <>
      <h1>{t.versionOf(version, title)}</h1>
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
      {!compared || !anyChange ? <p>{compared ? ct.sameAsCurrent : ct.compareUnavailable}</p> : null}
      {/* Every field Restore brings back, images as thumbnails, and what differs from now (docs/product.md §4). */}
      <dl className="admin-detail revision-fields">
        {rows.map((row) => (
          <div key={row.key} style={{ display: "contents" }}>
            <dt>
              {row.label}
              {row.changed ? <span className="revision-changed"> · {ct.changed}</span> : null}
            </dt>
            <dd data-changed={row.changed || undefined}>
              {row.image ? (
                <Image publicId={row.image} alt={row.label} width={160} height={100} dprs={[1, 2]} />
              ) : (
                row.value || ct.none
              )}
              {row.changed && !row.image ? (
                <span className="revision-now">
                  {" "}
                  {ct.now} {row.current || ct.none}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {compared ? <p className="revision-content-note">{contentChanged ? ct.contentChanged : ct.contentSame}</p> : null}
      <RichText html={content} />
    </>
  );
}
