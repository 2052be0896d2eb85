import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { useCallback, useState } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SiteFooter, SiteHeader, TopBar } from "~/components/layout";
import { LoadingModal } from "~/components/loading-modal";
import { ToastArea, type ToastData } from "~/components/toasts";
import { chrome } from "~/content/site";
import { ContactLink, ContactModal, ContactModalContext } from "~/features/contact/contact-modal";
import { LiteSwitch } from "~/features/lite/lite-switch";
import { useNonce } from "~/nonce";
import { loadRootData } from "~/root-data.server";
import appStyles from "~/styles/app.css";
import formStyles from "~/styles/forms.css";
import { isBarePath } from "~/utils/paths";
import { isStaticPage } from "~/utils/static-page";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "stylesheet", href: formStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadRootData(request);
}

/** Routes may show their own toast (e.g. a list that failed) by returning `pageToast` from their loader. */
function usePageToasts() {
  return useMatches()
    .map((m) => (m.data as { pageToast?: ToastData } | undefined)?.pageToast)
    .filter((t): t is ToastData => !!t);
}

/** A form that carries a hidden `_loadingMessage` field shows the blocking loading modal while it submits. */
function useLoadingMessage() {
  const navigation = useNavigation();
  const message = navigation.state === "submitting" ? navigation.formData?.get("_loadingMessage") : null;
  return typeof message === "string" ? message : null;
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A page without script is only ever rendered in the browser after a client navigation from a
  // hydrated page: the scripts and the scroll restoration stay, so that route change scrolls to
  // the top too (docs/product.md §2). A Lite page is always the JavaScript-off page.
  const lite = useRouteLoaderData<typeof loader>("root")?.lite ?? false;
  const staticPage = isStaticPage(useMatches());
  const hydrate = !lite && (!staticPage || typeof document !== "undefined");
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#8a1c5c" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            {/* The page's modules are fetched once it has loaded and painted: its first paint
                waits for none of them (docs/decisions/045-first-paint-like-the-blog.md). */}
            <Scripts nonce={nonce} afterFirstPaint />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const { toasts, user, disclaimer, lite, version } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const matches = useMatches();
  const pageToasts = usePageToasts();
  const loadingMessage = useLoadingMessage();
  const [contactOpen, setContactOpen] = useState(false);
  const openContact = useCallback(() => setContactOpen(true), []);
  const closeContact = useCallback(() => setContactOpen(false), []);
  // The 404 page stands outside the shared layout (docs/product.md §2).
  const isNotFound = matches.some((m) => (m.data as { notFound?: boolean } | undefined)?.notFound);
  const showChrome = !isNotFound && !isBarePath(pathname);

  return (
    <Document>
      <ContactModalContext.Provider value={openContact}>
        {showChrome ? (
          <>
            <a href="#main" className="skip-link">
              Skip to content
            </a>
            <TopBar />
            <SiteHeader user={user} contact={<ContactLink>{chrome.contact}</ContactLink>} />
          </>
        ) : null}
        <Outlet />
        {showChrome ? (
          <SiteFooter disclaimer={disclaimer} contact={<ContactLink>{chrome.contactUs}</ContactLink>}>
            {version ? <p className="site-version">{chrome.version(version)}</p> : <LiteSwitch lite={lite} />}
          </SiteFooter>
        ) : null}
        <ContactModal open={contactOpen} onClose={closeContact} />
        <ToastArea flashes={toasts} pageToasts={pageToasts} />
        <LoadingModal message={loadingMessage} />
      </ContactModalContext.Provider>
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
