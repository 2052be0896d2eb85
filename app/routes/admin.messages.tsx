import { site } from "~/content/site";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminShell, InboxToolbar, Pager } from "~/components/admin/inbox";
import { formatWhen, inboxRequest, pageOf } from "~/utils/inbox.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { inboxText as t } from "~/content/staff";
import adminStyles from "~/styles/admin.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = () => [
  { title: `${t.messagesTitle} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, search, page } = await inboxRequest(request);
  const { rows, hasOlder } = await pageOf((p) => api.contact.list(p), page, search);
  const messages = rows.map((m) => ({ ...m, received: formatWhen(m.createdAt) }));
  return json({ messages, hasOlder, page, search }, { headers: api.headers });
}

export default function Messages() {
  const { messages, hasOlder, page, search } = useLoaderData<typeof loader>();
  return (
    <AdminShell title={t.messagesTitle}>
      <InboxToolbar
        label={t.searchMessages}
        search={search}
        exportHref={`/admin/messages.csv${search ? `?${new URLSearchParams({ q: search })}` : ""}`}
      />
      {messages.length === 0 ? (
        <p className="admin-empty">{t.noMessages}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.received}</th>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.phone}</th>
                <th scope="col">{t.issue}</th>
                <th scope="col">{t.message}</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m._id}>
                  <td data-label={t.received}>
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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} hasOlder={hasOlder} search={search} />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
