import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { type RefObject, useEffect, useRef } from "react";

import { chrome, nav, site } from "~/content/site";
import { useAcademyName, useAnnouncement, useSettings, useStaffMenu } from "~/hooks/use-settings";
import type { User } from "~/upstream/schemas";

import { Icon, type IconName, Logo } from "./icons";

/** The academy's social links an Admin set (docs/product.md, "Settings"): an empty one is not shown. */
export function SocialLinks({ className = "socials" }: { className?: string }) {
  const settings = useSettings();
  if (!settings.socials.length) return null;
  return (
    <ul className={className}>
      {settings.socials.map((s) => (
        <li key={s.key}>
          <a
            href={s.href}
            rel="noopener noreferrer"
            target="_blank"
            aria-label={`${settings.contact.academyName} on ${s.name}`}
          >
            <Icon name={s.short as IconName} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function TopBar() {
  const settings = useSettings();
  const academyName = useAcademyName();
  const announcement = useAnnouncement();
  const phone = settings.phones[0];
  return (
    <>
      {announcement ? (
        <p className="announcement-bar" role="note">
          {announcement}
        </p>
      ) : null}
      <aside className="topbar" aria-label={chrome.topbarLabel}>
        <div className="container topbar-inner">
          <p className="topbar-welcome">{site.welcome(academyName)}</p>
          <SocialLinks />
          {phone ? (
            <a className="topbar-phone" href={phone.href}>
              <Icon name="phone" /> <span>{phone.display}</span>
            </a>
          ) : null}
        </div>
      </aside>
    </>
  );
}

/**
 * Closes an open <details> menu as a menu closes: on a press outside it, or on Escape (focus goes
 * back to its summary). Without JavaScript it closes by its summary, as <details> does.
 */
function useDismissible(ref: RefObject<HTMLDetailsElement>) {
  useEffect(() => {
    // The element is read at each event: the menu is a new one after every navigation.
    const onPress = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPress);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPress);
      document.removeEventListener("keydown", onKey);
    };
  }, [ref]);
}

function AdminMenu() {
  const items = useStaffMenu();
  const { pathname, search } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useDismissible(menu);
  return (
    // Re-mounted on every navigation so it closes after a choice; <details> works without JS.
    <details className="admin-menu" key={pathname + search} ref={menu}>
      <summary>{chrome.admin}</summary>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
        <li>
          <Form method="post" action="/logout">
            <button type="submit" className="linklike">
              {chrome.logout}
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}

/** The site's header; `contact` is the "Contact" link the page gives it (the contact modal's, in the root). */
export function SiteHeader({ user, contact }: { user: User | null; contact: React.ReactNode }) {
  const academyName = useAcademyName();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand" aria-label={site.brandHome(academyName)}>
          <Logo />
          <span className="brand-name">{academyName}</span>
        </Link>
        <nav aria-label={chrome.mainNavLabel} className="main-nav">
          <ul>
            {nav.map((item) => (
              <li key={item.to}>
                {item.to.includes("#") ? (
                  <Link to={item.to}>{item.label}</Link>
                ) : (
                  <NavLink to={item.to} end={item.to === "/"}>
                    {item.label}
                  </NavLink>
                )}
              </li>
            ))}
            <li>{contact}</li>
            {user ? (
              <li>
                <AdminMenu />
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </header>
  );
}

/** The site's footer; `contact` is its "Contact Us" link, `children` (the Lite switch) close it. */
export function SiteFooter({
  disclaimer,
  contact,
  children,
}: {
  disclaimer: string;
  contact: React.ReactNode;
  children?: React.ReactNode;
}) {
  const year = new Date().getFullYear();
  const settings = useSettings();
  const academyName = useAcademyName();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Link to="/" className="brand brand-light" aria-label={site.brandHome(academyName)}>
            <Logo />
            <span className="brand-name">{academyName}</span>
          </Link>
          <p>{site.tagline}.</p>
          <SocialLinks className="socials socials-footer" />
        </div>
        <nav aria-label={chrome.footerNavLabel} className="footer-links">
          <h2 className="footer-heading">{chrome.quickLinks}</h2>
          <ul>
            {chrome.footerLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
            <li>{contact}</li>
          </ul>
        </nav>
        {/* A heading may not sit inside <address> (HTML content model), so it stands above it. */}
        <div className="footer-contact">
          <h2 className="footer-heading">{chrome.visitOrCall}</h2>
          <SiteAddress />
        </div>
      </div>
      <div className="container footer-bottom">
        <p className="copyright">
          © {year} {settings.contact.academyName}. {chrome.allRightsReserved}
        </p>
        <p className="disclaimer">{disclaimer}</p>
        {children}
      </div>
    </footer>
  );
}

/** docs/product.md §2's 404 page. */
export function NotFoundPage() {
  return (
    <main className="not-found" id="main">
      <div className="not-found-inner">
        <Logo size={56} />
        <h1>{chrome.notFound.title}</h1>
        <p>{chrome.notFound.text}</p>
        <Link to="/" className="btn btn-primary">
          {chrome.notFound.home}
        </Link>
      </div>
    </main>
  );
}

/** The academy's address, phone and e-mail (the footer and the contact page); `children` follow them. */
export function SiteAddress({ children }: { children?: React.ReactNode }) {
  const settings = useSettings();
  return (
    <address>
      {settings.contact.campuses.map((c) => (
        <p key={c.name}>
          <Icon name="pin" /> {settings.contact.campuses.length > 1 ? `${c.name}: ` : null}
          {c.mapUrl ? (
            <a href={c.mapUrl} rel="noopener noreferrer" target="_blank">
              {c.street}, {c.city}
            </a>
          ) : (
            <>
              {c.street}, {c.city}
            </>
          )}
        </p>
      ))}
      {settings.phones.map((p) => (
        <p key={p.href}>
          <Icon name="phone" /> <a href={p.href}>{p.display}</a>
        </p>
      ))}
      <p>
        <Icon name="mail" /> <a href={`mailto:${settings.contact.email}`}>{settings.contact.email}</a>
      </p>
      {children}
    </address>
  );
}
