import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { PageBanner } from "~/components/page-banner";
import { about } from "~/content/about";
import { aboutText as t } from "~/content/pages";
import { aboutView } from "~/features/home/page-blocks.server";
import { TeamGrid } from "~/features/home/team";
import { pageContentFor } from "~/upstream/page-content.server";
import { seo, summary } from "~/utils/seo";
import { staticPage } from "~/utils/static-page";

export const handle = staticPage;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(matches, {
    title: "About Us",
    description: summary(data?.words.executiveSummary.join(" ") ?? ""),
    path: "/about",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  // Long copy travels as data, not code: it keeps the page's JavaScript small. The words and the
  // whole team are page content Editors change (docs/decisions/070, 071).
  const { team, ...words } = aboutView(await pageContentFor(request));
  return json({ words, team });
}

const Paragraphs = ({ texts }: { texts: string[] }) => texts.map((p, i) => <p key={i}>{p}</p>);

export default function About() {
  const { words, team } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="about">
      <PageBanner
        title={about.bannerTitle}
        text={words.bannerText}
        crumbs={[{ label: "Home", to: "/" }, { label: "About" }]}
      />

      <section className="section" aria-label="Introduction">
        <div className="container narrow lead-text">
          <Paragraphs texts={words.intro} />
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="pillars-title">
        <div className="container">
          <h2 id="pillars-title" className="center">
            Salon, Academy and Lounge
          </h2>
          <div className="feature-grid">
            {words.pillars.map((p, i) => (
              <div key={i} className="feature pillar">
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
          <Paragraphs texts={words.executiveSummary} />
          <div className="mission-grid">
            <div className="mission">
              <h2>{t.mission}</h2>
              <Paragraphs texts={words.mission} />
            </div>
            <div className="mission">
              <h2>{t.vision}</h2>
              <Paragraphs texts={words.vision} />
            </div>
          </div>
        </div>
      </section>

      <section className="section section-brand" aria-labelledby="social-title">
        <div className="container narrow">
          <h2 id="social-title">{t.socialResponsibility}</h2>
          <Paragraphs texts={words.social} />
          <ul className="figures">
            {words.figures.map((f, i) => (
              <li key={i}>
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
          <Paragraphs texts={words.companyDescription} />
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
