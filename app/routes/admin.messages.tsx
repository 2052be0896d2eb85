import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { formatWhen } from "@domain/schedule";
import { staffName } from "@domain/staff-names";
import { inboxText as t } from "~/content/inbox";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import { AdminTable, InboxToolbar, Pager } from "~/features/staff-frame/frame";
import { inboxRequest, pageOf } from "~/features/staff-frame/frame.server";
import { markForm, showNewOnly } from "~/features/staff-frame/inbox-schema";
import { UpstreamError } from "~/upstream/index.server";
import { readForm } from "~/utils/form-body.server";
import { titled } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.messagesTitle) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search, place } = await inboxRequest(request, "admin.messages");
  const newOnly = showNewOnly(new URL(request.url));
  // "Mark all as read" covers what was there when the page was read, not what arrived since.
  const seenAt = new Date().toISOString();
  const { rows, pager } = await pageOf((p) => api.contact.list({ ...p, unread: newOnly }), place, search);
  const messages = rows.map((m) => ({
    ...m,
    received: formatWhen(m.createdAt),
    readBy: m.readAt ? t.readBy(staffName(m.readBy)) : null,
  }));
  return json({ messages, pager, search, newOnly, seenAt }, { headers: api.headers });
}

/** Mark one message read or unread, or all of them read; then back to the same list. */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.messages");
  const { formData } = await readForm(request);
  const parsed = markForm.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return json({ error: t.markFailed }, { status: 400 });
  try {
    if (parsed.data.intent === "read-all")
      await api.contact.markAllRead({ until: parsed.data.until, search: parsed.data.q || undefined });
    else await api.contact.setRead(parsed.data.id, parsed.data.intent === "read");
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (error instanceof UpstreamError && error.status === 404) return json({ error: t.messageGone }, { status: 404 });
    throw error;
  }
  const url = new URL(request.url);
  return redirect(url.pathname + url.search, { headers: api.headers });
}

export default function Messages() {
  const { messages, pager, search, newOnly, seenAt } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const listHref = (onlyNew: boolean) =>
    `?${new URLSearchParams({ ...(search ? { q: search } : {}), ...(onlyNew ? { show: "new" } : {}) })}`;
  return (
    <>
      <h1>{t.messagesTitle}</h1>
      <InboxToolbar
        label={t.searchMessages}
        search={search}
        exportBase="/admin/messages"
        exportQuery={search ? new URLSearchParams({ q: search }).toString() : ""}
        keep={newOnly ? { show: "new" } : undefined}
      />
      <div className="inbox-filters">
        <nav className="pipeline-counts" aria-label={t.showLabel}>
          <ul>
            <li>
              <Link to={listHref(false)} aria-current={newOnly ? undefined : "page"}>
                {t.showAll}
              </Link>
            </li>
            <li>
              <Link to={listHref(true)} aria-current={newOnly ? "page" : undefined}>
                {t.showNew}
              </Link>
            </li>
          </ul>
        </nav>
        {messages.some((m) => !m.readAt) ? (
          <Form method="post">
            <input type="hidden" name="until" value={seenAt} />
            {search ? <input type="hidden" name="q" value={search} /> : null}
            <button type="submit" name="intent" value="read-all" className="btn btn-outline btn-small">
              {t.markAllRead}
            </button>
          </Form>
        ) : null}
      </div>
      {failed?.error ? (
        <p className="form-error" role="alert">
          {failed.error}
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p className="admin-empty">{newOnly ? t.noNewMessages : t.noMessages}</p>
      ) : (
        <AdminTable
          headers={[
            t.received,
            t.name,
            t.email,
            t.phone,
            t.issue,
            t.message,
            <span className="visually-hidden">{t.actions}</span>,
          ]}
        >
          {messages.map((m) => (
            <tr key={m._id} className={m.readAt ? undefined : "message-new"}>
              <td data-label={t.received}>
                {m.readAt ? null : <span className="status-badge status-new">{t.newBadge}</span>}{" "}
                <time dateTime={m.createdAt}>{m.received}</time>
              </td>
              <td data-label={t.name}>{m.fullname}</td>
              <td data-label={t.email}>
                <a href={`mailto:${m.email}`}>{m.email}</a>
              </td>
              <td data-label={t.phone}>
                <a href={`tel:${m.phone.replace(/[^\d+]/g, "")}`}>{m.phone}</a>
              </td>
              <td data-label={t.issue}>{t.issues[m.issue] ?? m.issue}</td>
              <td data-label={t.message} className="admin-message">
                {m.message}
              </td>
              <td>
                <div className="admin-row-actions">
                  <Form method="post">
                    <input type="hidden" name="id" value={m._id} />
                    <button
                      type="submit"
                      name="intent"
                      value={m.readAt ? "unread" : "read"}
                      className="btn btn-outline btn-small"
                      aria-label={m.readAt ? t.markUnreadOf(m.fullname) : t.markReadOf(m.fullname)}
                    >
                      {m.readAt ? t.markUnread : t.markRead}
                    </button>
                  </Form>
                  {m.readBy ? <small className="read-by">{m.readBy}</small> : null}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager pager={pager} search={search} filters={newOnly ? { show: "new" } : {}} />
    </>
  );
}
