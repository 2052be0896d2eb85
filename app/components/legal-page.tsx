import type { LegalDoc } from "~/content/legal";
import { site } from "~/content/site";
import { ContactLink } from "~/features/contact/contact-modal";

import { PageBanner } from "./page-banner";

export function LegalPage({ doc }: { doc: LegalDoc }) {
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
              {site.name}
              <br />
              {site.address.street}, {site.address.city}, {site.address.countryName}
              <br />
              Phone: <a href={site.phoneHref}>{site.phone}</a>
              <br />
              Email: <a href={`mailto:${site.email}`}>{site.email}</a>
            </address>
            <p>
              You can also <ContactLink>send us a message</ContactLink>.
            </p>
          </section>
        </article>
      </div>
    </main>
  );
}
