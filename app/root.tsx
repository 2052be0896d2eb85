import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";
import { publicEnv } from "~/env.server";
import { useNonce } from "~/nonce";
import { readToast } from "~/toast.server";
import { upstream } from "~/upstream/index.server";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { honeypot } from "~/honeypot.server";
import appStyles from "~/styles/app.css";
import formStyles from "~/styles/forms.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "stylesheet", href: formStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const api = upstream(request);
  // SPEC §4: the session is checked on every navigation; failures other than 401 are only logged.
  const user = await api.auth.currentUser().catch((error) => {
    console.error("[auth] session check failed", error);
    return null;
  });
  const { toast, clearHeader } = await readToast(request);
  const headers = api.headers;
  if (clearHeader) headers.append("Set-Cookie", clearHeader);
  return json({ user, toast, env: publicEnv(), honeypot: honeypot.getInputProps() }, { headers });
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast, honeypot } = useLoaderData<typeof loader>();
  return (
    <Document>
      <HoneypotProvider {...honeypot}>
        <Outlet />
        {toast ? (
          <div className="toast-area" role="status">
            <p className={`toast toast-${toast.type}`}>{toast.message}</p>
          </div>
        ) : null}
      </HoneypotProvider>
    </Document>
  );
}

export function ErrorBoundary() {
  return (
    <Document>
      <GeneralErrorBoundary />
    </Document>
  );
}
