import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { feeNote, formatNaira } from "@domain/naira";
import { FeaturedImage } from "~/components/image";
import { PageBanner } from "~/components/page-banner";
import { pageDescriptions } from "~/content/page-descriptions";
import { courseFacts } from "~/content/pages";
import { crumbs } from "~/content/site";
import { courseFactWords } from "~/features/details/course-facts.server";
import {
  DetailErrorBoundary,
  DetailLayout,
  isNotFound,
  missingMeta,
  MissingPage,
  RichText,
  StaffTools,
} from "~/features/details/detail";
import { detailHeaders, loadDetail } from "~/features/details/details.server";
import { IntakeList } from "~/features/intakes/intake-list";
import { courseIntakes, intakesLinkForStaff } from "~/features/intakes/intakes.server";
import { Tag } from "~/features/lists/cards";
import { settingsFromMatches, useSettings } from "~/hooks/use-settings";
import { imageUrl } from "~/utils/images";
import { coursePath, registrationPath } from "~/utils/paths";
import { formatDate } from "~/utils/relative-time";
import { academyNameFrom, imageBaseFrom, seo, siteUrlFrom, summary } from "~/utils/seo";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const settings = settingsFromMatches(matches);
  if (!data || isNotFound(data)) return missingMeta(data);
  const { course, description } = data;
  const tutors = course.tutors
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  return [
    ...seo(matches, {
      title: course.title,
      description: summary(description || pageDescriptions.course(course.title, academyNameFrom(matches))),
      path: coursePath(course),
      image: course.featuredImg
        ? imageUrl(imageBaseFrom(matches), course.featuredImg, { width: 1200, height: 630 })
        : undefined,
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Course",
        name: course.title,
        description: summary(description || course.title, 300),
        url: `${siteUrlFrom(matches)}${coursePath(course)}`,
        provider: { "@type": "EducationalOrganization", name: academyNameFrom(matches), sameAs: siteUrlFrom(matches) },
        ...(tutors.length ? { instructor: tutors.map((name) => ({ "@type": "Person", name })) } : {}),
        ...(course.fee !== null
          ? { offers: { "@type": "Offer", category: "Fees", price: course.fee, priceCurrency: "NGN" } }
          : {}),
        ...(course.nextStart || course.duration
          ? {
              hasCourseInstance: {
                "@type": "CourseInstance",
                courseMode: "Onsite",
                location: settings?.contact.campuses[0]?.city,
                ...(course.nextStart ? { startDate: course.nextStart } : {}),
                ...(course.duration ? { courseSchedule: { "@type": "Schedule", description: course.duration } } : {}),
              },
            }
          : {}),
        ...(course.level ? { educationalCredentialAwarded: course.level } : {}),
      },
    },
  ];
};

export const headers = detailHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const found = await loadDetail(request, "course", params.id!, coursePath);
  if (found.missing) return found.missing;
  const { api, item: course, scheduledAt, audit } = found;
  return {
    course,
    description: course.description,
    scheduledAt,
    audit,
    ...courseFactWords(course),
    // Its open and closed intakes, the words made here (docs/decisions/068-intakes-and-seats.md).
    intakes: await courseIntakes(api, course),
    intakesLink: await intakesLinkForStaff(request, api, course._id),
  };
}

export default function CourseDetail() {
  const settings = useSettings();
  const data = useLoaderData<typeof loader>();
  if (isNotFound(data)) return <MissingPage data={data} />;
  const { course } = data;
  const enroll = registrationPath(course);
  const tutors = course.tutors
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  return (
    <main id="main" className="detail course-detail">
      <PageBanner title={course.title} crumbs={[crumbs.home, crumbs.courses, { label: course.title }]} />
      <DetailLayout
        aside={
          <div className="aside-card">
            {course.tag ? (
              <p>
                <Tag text={course.tag} colour={course.tipColor} />
              </p>
            ) : null}
            <CourseFacts course={course} categoryName={data.categoryName} courseTypes={data.courseTypes} />
            {tutors.length ? (
              <>
                <h2 className="aside-heading">Tutors</h2>
                <ul className="plain-list">
                  {tutors.map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <Link to={enroll} className="btn btn-primary btn-block">
              {courseFacts.enroll}
            </Link>
            <p className="fee-note small">{feeNote(settings.feeText)}</p>
            <StaffTools
              type="course"
              id={course._id}
              title={course.title}
              scheduledAt={data.scheduledAt}
              audit={data.audit}
            >
              {data.intakesLink ? (
                <Link to={data.intakesLink.href} className="btn btn-outline">
                  {data.intakesLink.label}
                </Link>
              ) : null}
            </StaffTools>
          </div>
        }
      >
        {course.featuredImg ? <FeaturedImage publicId={course.featuredImg} alt={course.title} /> : null}
        <IntakeList {...data.intakes} />
        <RichText html={course.content} />
      </DetailLayout>
    </main>
  );
}

/** What a buyer asks first (docs/decisions/019-course-and-job-offers.md): only the facts a course has; older courses may have none. */
function CourseFacts({
  course,
  categoryName: category,
  courseTypes,
}: {
  course: {
    fee: number | null;
    duration: string | null;
    level: string | null;
    nextStart: string | null;
  };
  /** The category's name and the course types, in words (the loader's). */
  categoryName: string | null;
  courseTypes: string;
}) {
  return (
    <dl className="facts course-facts">
      {/* The types the registration form offers for this course (docs/decisions/038-course-types-per-course.md). */}
      <dt>{courseFacts.courseTypes}</dt>
      <dd>{courseTypes}</dd>
      {category ? (
        <>
          <dt>{courseFacts.category}</dt>
          <dd>{category}</dd>
        </>
      ) : null}
      {course.fee !== null ? (
        <>
          <dt>{courseFacts.fee}</dt>
          <dd>{formatNaira(course.fee)}</dd>
        </>
      ) : null}
      {course.duration ? (
        <>
          <dt>{courseFacts.duration}</dt>
          <dd>{course.duration}</dd>
        </>
      ) : null}
      {course.level ? (
        <>
          <dt>{courseFacts.level}</dt>
          <dd>{course.level}</dd>
        </>
      ) : null}
      {course.nextStart ? (
        <>
          <dt>{courseFacts.nextStart}</dt>
          <dd>
            <time dateTime={course.nextStart}>{formatDate(course.nextStart)}</time>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

export const ErrorBoundary = DetailErrorBoundary;
