import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import {
  Categories,
  Faqs,
  Features,
  Hero,
  RecentPosts,
  Team,
  Testimonials,
  TrendingCourses,
  VideoTour,
  WhyUs,
} from "~/components/home-sections";
import { homeContent } from "~/content/home";
import { messages } from "~/content/messages";
import { site } from "~/content/site";
import { team } from "~/content/team";
import { organizationFacts, settingsFromMatches } from "~/features/settings/use-settings";
import { upstream } from "~/upstream/index.server";
import { pageNow } from "~/utils/relative-time";
import { seo, siteUrlFrom } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) => {
  const settings = settingsFromMatches(matches);
  return [
    ...seo(matches, { title: `${site.name} — ${site.tagline}`, description: site.description, path: "/" }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "EducationalOrganization",
        name: site.name,
        url: `${siteUrlFrom(matches)}/`,
        description: site.description,
        ...(settings ? organizationFacts(settings) : {}),
      },
    },
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const api = upstream(request);
  const [courses, posts] = await Promise.all([
    api.courses.list({ limit: 3 }).catch(logFailure),
    // Recent Posts shows no job whose deadline has passed (docs/product.md §2, Home).
    api.posts.list({ limit: 4, deadline: "open" }).catch(logFailure),
  ]);
  const failed = !courses || !posts;
  return {
    // Long copy travels as data, not code: it keeps the page's JavaScript small.
    content: { ...homeContent, team: team.slice(0, 4) },
    courses,
    posts,
    now: pageNow(),
    // docs/product.md §8: a home list failure is a persistent toast; the page still renders.
    pageToast: failed ? { message: messages.homeListsFailed, type: "error" as const, persistent: true } : undefined,
  };
}

function logFailure(error: unknown): null {
  console.error("[home] list failed", error);
  return null;
}

export default function Home() {
  const { content, courses, posts, now } = useLoaderData<typeof loader>();
  const { labels } = content;
  return (
    <main id="main" className="home">
      <Hero slides={content.slides} labels={labels} />
      <h1 className="visually-hidden">
        {site.name}: {site.tagline}
      </h1>
      <Features features={content.features} labels={labels} />
      <Categories categories={content.categories} labels={labels} />
      <WhyUs whyUs={content.whyUs} labels={labels} />
      <TrendingCourses courses={courses} labels={labels} />
      <Testimonials testimonials={content.testimonials} labels={labels} />
      <VideoTour video={content.video} labels={labels} />
      <RecentPosts posts={posts} now={now} labels={labels} />
      <Team members={content.team} labels={labels} />
      <Faqs faqs={content.faqs} labels={labels} />
    </main>
  );
}
