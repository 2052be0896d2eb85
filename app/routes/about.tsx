import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { PageBanner } from "~/components/page-banner";
import { about } from "~/content/about";
import { aboutText as t } from "~/content/pages";
import { teamView } from "~/features/home/page-blocks.server";
import { TeamGrid } from "~/features/home/team";
import { pageContentFor } from "~/upstream/page-content.server";
import { seo, summary } from "~/utils/seo";
import { staticPage } from "~/utils/static-page";

export const handle = staticPage;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, { title: "About Us", description: summary(data?.about.executiveSummary ?? ""), path: "/about" });

export async function loader({ request }: LoaderFunctionArgs) {
  // Long copy travels as data, not code: it keeps the page's JavaScript small. The whole team,
  // page content Editors change (docs/decisions/070).
  const { team } = await pageContentFor(request);
  return json({ about, team: teamView(team) });
}

export default function About() {
  const { about, team } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="about">
      <PageBanner
        title={about.bannerTitle}
        text={about.bannerText}
        crumbs={[{ label: "Home", to: "/" }, { label: "About" }]}
      />

      <section className="section" aria-label="Introduction">
        <div className="container narrow lead-text">
          {about.intro.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="pillars-title">
        <div className="container">
          <h2 id="pillars-title" className="center">
            Salon, Academy and Lounge
          </h2>
          <div className="feature-grid">
            {about.pillars.map((p) => (
              <div key={p.title} className="feature pillar">
                <h3 className="feature-title">{p.title}</h3>
                <p>{p.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="summary-title">
        <div className="container narrow">
          <h2 id="summary-title">{t.executiveSummary}</h2>
          <p>{about.executiveSummary}</p>
          <div className="mission-grid">
            <div className="mission">
              <h2>{t.mission}</h2>
              <p>{about.mission}</p>
            </div>
            <div className="mission">
              <h2>{t.vision}</h2>
              <p>{about.vision}</p>
            </div>
          </div>
        </div>
      </section>

      <section className="section section-brand" aria-labelledby="social-title">
        <div className="container narrow">
          <h2 id="social-title">{t.socialResponsibility}</h2>
          <p>{about.socialResponsibility.text}</p>
          <ul className="figures">
            {about.socialResponsibility.figures.map((f) => (
              <li key={f.label}>
                <strong>{f.value}</strong>
                <span>{f.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="company-title">
        <div className="container narrow">
          <h2 id="company-title">{t.companyDescription}</h2>
          {about.companyDescription.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title" className="center">
            Meet the Team
          </h2>
          <TeamGrid members={team} />
        </div>
      </section>
    </main>
  );
}
