import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { coursePath, Tag } from "~/components/cards";
import { DetailErrorBoundary, DetailLayout, EditLink, isNotFound, RichText } from "~/components/detail";
import { FeaturedImage } from "~/components/image";
import { NotFoundPage } from "~/components/layout";
import { PageBanner } from "~/components/page-banner";
import { site } from "~/content/site";
import { loadOrNull, notFound, plainText, redirectToSlug } from "~/lib/details.server";
import { imageUrl } from "~/lib/images";
import { imageBaseFrom, seo, siteUrlFrom, summary } from "~/lib/seo";
import { upstream } from "~/upstream/index.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data || isNotFound(data)) return [{ title: "404 - Page Not Found" }, { name: "robots", content: "noindex" }];
  const { course, description } = data;
  const tutors = course.tutors.split(",").map((t) => t.trim()).filter(Boolean);
  return [
    ...seo(matches, {
      title: course.title,
      description: summary(description || `${course.title} at ${site.name}.`),
      path: coursePath(course),
      image: course.featuredImg ? imageUrl(imageBaseFrom(matches), course.featuredImg, { width: 1200, height: 630 }) : undefined,
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Course",
        name: course.title,
        description: summary(description || course.title, 300),
        url: `${siteUrlFrom(matches)}${coursePath(course)}`,
        provider: { "@type": "EducationalOrganization", name: site.name, sameAs: siteUrlFrom(matches) },
        ...(tutors.length ? { instructor: tutors.map((name) => ({ "@type": "Person", name })) } : {}),
      },
    },
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = upstream(request);
  const course = await loadOrNull(() => api.courses.get(params.id!));
  if (!course) return notFound();
  redirectToSlug(request, coursePath(course));
  return json({ course, description: plainText(course.content) });
}

export default function CourseDetail() {
  const data = useLoaderData<typeof loader>();
  if (isNotFound(data)) return <NotFoundPage />;
  const { course } = data;
  const enroll = `/registration-form?${new URLSearchParams({ courseid: course._id, courseslug: course.slug })}`;
  const tutors = course.tutors.split(",").map((t) => t.trim()).filter(Boolean);
  return (
    <main id="main" className="detail course-detail">
      <PageBanner title={course.title} crumbs={[{ label: "Home", to: "/" }, { label: "Courses", to: "/courses" }, { label: course.title }]} />
      <DetailLayout
        aside={
          <div className="aside-card">
            {course.tag ? <p><Tag text={course.tag} colour={course.tipColor} /></p> : null}
            {tutors.length ? (
              <>
                <h2 className="aside-heading">Tutors</h2>
                <ul className="plain-list">{tutors.map((t) => <li key={t}>{t}</li>)}</ul>
              </>
            ) : null}
            <Link to={enroll} className="btn btn-primary btn-block">Enroll</Link>
            <p className="fee-note small">A registration form fee of {site.registrationFee} applies before course payment.</p>
            <EditLink type="course" id={course._id} />
          </div>
        }
      >
        {course.featuredImg ? <FeaturedImage publicId={course.featuredImg} alt={course.title} /> : null}
        <RichText html={course.content} />
      </DetailLayout>
    </main>
  );
}

export const ErrorBoundary = DetailErrorBoundary;
