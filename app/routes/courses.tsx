import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useSubmit } from "@remix-run/react";

import { feeNote } from "@domain/naira";
import { categoryName, COURSE_CATEGORIES, isCourseCategory } from "@domain/offers";
import { Icon } from "~/components/icons";
import { PageBanner } from "~/components/page-banner";
import { messages } from "~/content/messages";
import { listText as t } from "~/content/pages";
import { crumbs } from "~/content/site";
import { CourseCard } from "~/features/lists/cards";
import { loadListOrFail, readListQuery } from "~/features/lists/lists.server";
import { LIST_FAILED, PagedList } from "~/features/lists/paged-list";
import { SearchForm } from "~/features/lists/search-form";
import { useSettings } from "~/hooks/use-settings";
import { useOptionalUser } from "~/hooks/use-user";
import { upstream } from "~/upstream/index.server";
import { noteSiteSearch } from "~/upstream/insights.server";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: t.coursesCrumb,
    description:
      "Crash courses of 3 months and full courses of 1 to 3 years in skincare, hairdressing, fashion design, photography, content creation and graphics design in Lagos.",
    path: "/courses",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const query = readListQuery(new URL(request.url));
  const api = upstream(request);
  // An unknown category (an old or hand-made link) shows every course rather than an error.
  const wanted = new URL(request.url).searchParams.get("category");
  const category = isCourseCategory(wanted) ? wanted : "";
  const list = await loadListOrFail(query, (params) =>
    api.courses.list({ ...params, category: category || undefined }),
  );
  // A search is counted with the page view (docs/decisions/064-cookie-free-visit-counts.md); not Load More's.
  if (query.search && !query.chunk && !list.failed) noteSiteSearch("courses", query.search, list.items.length > 0);
  return {
    ...list,
    page: query.page,
    search: query.search,
    category,
    // docs/product.md §8: a course list failure is a persistent toast; the page still renders.
    pageToast:
      list.failed && !query.chunk ? { message: LIST_FAILED, type: "error" as const, persistent: true } : undefined,
  };
}

/** An empty search offers the categories and every course, rather than a dead end (docs/product.md §2, Courses). */
function ElsewhereLinks() {
  return (
    <nav className="empty-elsewhere" aria-label={t.tryCategories}>
      <p>{t.tryCategories}</p>
      <ul>
        {COURSE_CATEGORIES.map((c) => (
          <li key={c.slug}>
            <Link to={`/courses?category=${c.slug}`}>{c.name}</Link>
          </li>
        ))}
        <li>
          <Link to="/courses">{t.allCourses}</Link>
        </li>
      </ul>
    </nav>
  );
}

export default function Courses() {
  const settings = useSettings();
  const data = useLoaderData<typeof loader>();
  const user = useOptionalUser();
  const { search } = useLocation();
  const submit = useSubmit();
  const query = new URLSearchParams();
  if (data.category) query.set("category", data.category);
  if (data.search) query.set("search", data.search);
  const shown = categoryName(data.category);
  return (
    <main id="main" className="courses-page">
      <PageBanner title={t.coursesTitle} text={t.coursesIntro} crumbs={[crumbs.home, { label: t.coursesCrumb }]} />
      <section className="section" aria-labelledby="course-list-title">
        <div className="container">
          <h2 id="course-list-title" className={shown ? "list-heading" : "visually-hidden"}>
            {shown ?? t.courseList}
          </h2>
          <div className="list-toolbar">
            <SearchForm key={search} placeholder={t.searchCourses} defaultValue={data.search}>
              <select
                name="category"
                aria-label={t.courseCategory}
                defaultValue={data.category}
                onChange={(e) => submit(e.currentTarget.form)}
              >
                <option value="">{t.allCategories}</option>
                {COURSE_CATEGORIES.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </select>
            </SearchForm>
          </div>
          {data.items.length ? <p className="fee-note">{feeNote(settings.feeText)}</p> : null}
          <PagedList
            key={search}
            first={data}
            path="/courses"
            query={query}
            emptyText={messages.noCourses}
            emptyExtra={data.search || data.category ? <ElsewhereLinks /> : null}
            renderItem={(course, i) => (
              <CourseCard key={course._id} course={course} id={`item-${i + 1}`} priority={i < 3} />
            )}
          />
        </div>
      </section>
      {user ? (
        <Link to="/course/new" className="fab" aria-label="Create Course" title="Create Course">
          <Icon name="plus" />
        </Link>
      ) : null}
    </main>
  );
}
