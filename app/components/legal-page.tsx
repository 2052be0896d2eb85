import { Fragment } from "react";

import { ACADEMY_COUNTRY } from "@domain/settings";
import { legalContact, type LegalDoc } from "~/content/legal";
import { useSettings } from "~/hooks/use-settings";

import { PageBanner } from "./page-banner";

/** A legal text (privacy, terms) and the academy's contact; `contact` is the page's "send us a message" link. */
export function LegalPage({ doc, contact }: { doc: LegalDoc; contact: React.ReactNode }) {
  const settings = useSettings();
  return (
    <main id="main" className="legal">
      <PageBanner
        title={doc.title}
        text={
          <>
            {doc.version ? `Version ${doc.version}. ` : ""}Effective date: {doc.effective}
          </>
        }
        crumbs={[{ label: "Home", to: "/" }, { label: doc.title }]}
      />
      <div className="section">
        <article className="container narrow legal-text">
          <p className="lead-text">{doc.intro}</p>
          {doc.earlier?.length ? (
            <p className="legal-earlier">
              {doc.earlier.map((v) => `Version ${v.version} — Effective date: ${v.effective}`).join("; ")}
            </p>
          ) : null}
          {doc.sections.map((s) => (
            <section key={s.heading}>
              <h2>{s.heading}</h2>
              {s.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </section>
          ))}
          <section>
            <h2>Contact us</h2>
            <address>
              {settings.contact.academyName}
              {settings.contact.campuses.map((c) => (
                <Fragment key={c.name}>
                  <br />
                  {c.street}, {c.city}, {ACADEMY_COUNTRY.name}
                </Fragment>
              ))}
              {settings.phones.map((p) => (
                <Fragment key={p.href}>
                  <br />
                  Phone: <a href={p.href}>{p.display}</a>
                </Fragment>
              ))}
              <br />
              Email: <a href={`mailto:${settings.contact.email}`}>{settings.contact.email}</a>
            </address>
            {settings.dataProtection.contactEmail || settings.dataProtection.dpoName ? (
              <p>
                {legalContact.dataProtection}{" "}
                {settings.dataProtection.dpoName ? `${settings.dataProtection.dpoName}, ` : null}
                {settings.dataProtection.contactEmail ? (
                  <a href={`mailto:${settings.dataProtection.contactEmail}`}>{settings.dataProtection.contactEmail}</a>
                ) : null}
              </p>
            ) : null}
            <p>You can also {contact}.</p>
          </section>
        </article>
      </div>
    </main>
  );
}
