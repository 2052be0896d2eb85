import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { site } from "~/content/site";
import { loadHomePage } from "~/features/home/home-page.server";
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
} from "~/features/home/home-sections";
import { useAcademyName } from "~/hooks/use-settings";
import { academyNameFrom, seo, siteUrlFrom } from "~/utils/seo";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  return [
    ...seo(matches, {
      title: `${academyNameFrom(matches)} — ${site.tagline}`,
      description: site.description,
      path: "/",
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "EducationalOrganization",
        name: academyNameFrom(matches),
        url: `${siteUrlFrom(matches)}/`,
        description: site.description,
        ...data?.organization,
      },
    },
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  return loadHomePage(request);
}

export default function Home() {
  const { content, courses, posts, now } = useLoaderData<typeof loader>();
  const { labels } = content;
  return (
    <main id="main" className="home">
      <Hero slides={content.slides} labels={labels} />
      <h1 className="visually-hidden">
        {useAcademyName()}: {site.tagline}
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
