import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useSubmit } from "@remix-run/react";

import { Icon } from "~/components/icons";
import { PageBanner } from "~/components/page-banner";
import { messages } from "~/content/messages";
import { listText as t } from "~/content/pages";
import { crumbs } from "~/content/site";
import { JobAlertTeaser } from "~/features/job-alerts/job-alert-teaser";
import { PostCard } from "~/features/lists/cards";
import { JobCardFacts } from "~/features/lists/job-facts";
import { JobFilters } from "~/features/lists/job-filters";
import { jobsListExtras, loadJobsOpenFirst, readJobFilter, withClosed } from "~/features/lists/jobs-list.server";
import { loadListOrFail, readListQuery } from "~/features/lists/lists.server";
import { LIST_FAILED, PagedList } from "~/features/lists/paged-list";
import { SearchForm } from "~/features/lists/search-form";
import { useOptionalUser } from "~/hooks/use-user";
import { type PostType, upstream } from "~/upstream/index.server";
import { noteSiteSearch } from "~/upstream/insights.server";
import { pageNow } from "~/utils/relative-time";
import { seo } from "~/utils/seo";

export const meta: MetaFunction = ({ location, matches }) => {
  const jobs = readPostType(new URLSearchParams(location.search), location.search) === "job";
  return seo(matches, {
    title: jobs ? "Job Opportunities" : "Blog",
    description: jobs
      ? "Jobs and apprenticeships in salons, studios and creative brands, for our students and graduates."
      : "News, tips and stories from the academy, plus job postings for beauty and creative professionals.",
    path: jobs ? "/blog?jobs" : "/blog",
  });
};

/** The filter: `postType` when chosen; otherwise Jobs whenever the query string mentions jobs (docs/product.md §2). */
function readPostType(params: URLSearchParams, search: string): PostType | "" {
  const chosen = params.get("postType");
  if (chosen === "job" || chosen === "article") return chosen;
  if (chosen === null && search.includes("jobs")) return "job";
  return "";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = readListQuery(url);
  const postType = readPostType(url.searchParams, url.search);
  const jobFilter = postType === "job" ? readJobFilter(url.searchParams) : {};
  const api = upstream(request);
  const list =
    // Jobs: the open ones first, then the closed (docs/product.md §2, Blog); a search ranks by relevance.
    postType === "job" && !query.search
      ? await jobsOrFail(query, url.searchParams.get("segment"), (params) =>
          api.posts.list({ ...params, postType: "job", ...jobFilter }),
        )
      : await loadListOrFail(query, (params) =>
          api.posts.list({ ...params, postType: postType || undefined, ...jobFilter }),
        ).then((l) => ({ ...l, items: withClosed(l.items) }));
  // A search is counted with the page view (docs/decisions/064-cookie-free-visit-counts.md); not Load More's.
  if (query.search && !query.chunk && !list.failed) noteSiteSearch("blog", query.search, list.items.length > 0);
  return {
    ...list,
    page: query.page,
    search: query.search,
    postType,
    jobFilter,
    // The jobs list's filters and invitation, their choices and words (the other lists show neither).
    jobs: postType === "job" ? jobsListExtras : null,
    now: pageNow(),
    pageToast:
      list.failed && !query.chunk ? { message: LIST_FAILED, type: "error" as const, persistent: false } : undefined,
  };
}

async function jobsOrFail(...args: Parameters<typeof loadJobsOpenFirst>) {
  try {
    return { ...(await loadJobsOpenFirst(...args)), failed: false };
  } catch (error) {
    console.error("[lists] list failed", error);
    return { items: [], hasMore: false, failed: true, offset: 0 };
  }
}

/** Load More's key on the jobs list: the last card's place and whether it was among the closed. */
const jobsPageKey = (last: { createdAt: string; _id: string; closed: boolean }) => ({
  after: `${last.createdAt}_${last._id}`,
  segment: last.closed ? "closed" : "open",
});

export default function Blog() {
  const data = useLoaderData<typeof loader>();
  const user = useOptionalUser();
  const submit = useSubmit();
  const { search } = useLocation();
  const query = new URLSearchParams();
  if (data.postType) query.set("postType", data.postType);
  if (data.search) query.set("search", data.search);
  for (const [name, value] of Object.entries(data.jobFilter)) query.set(name, value);
  return (
    <main id="main" className="blog-page">
      <PageBanner title={t.blogTitle} text={t.blogIntro} crumbs={[crumbs.home, { label: t.blogTitle }]} />
      <section className="section" aria-labelledby="post-list-title">
        <div className="container">
          <h2 id="post-list-title" className="visually-hidden">
            {t.postsHeading}
          </h2>
          <div className="list-toolbar">
            <SearchForm key={search} placeholder={t.searchPosts} defaultValue={data.search}>
              <select
                name="postType"
                aria-label={t.filterPosts}
                defaultValue={data.postType}
                onChange={(e) => submit(e.currentTarget.form)}
              >
                <option value="">{t.filter}</option>
                <option value="job">{t.jobs}</option>
                <option value="article">{t.articles}</option>
              </select>
              {data.jobs ? <JobFilters chosen={data.jobFilter} choices={data.jobs.choices} /> : null}
            </SearchForm>
            {user ? (
              <details className="create-toggle">
                <summary>
                  <Icon name="plus" /> {t.create}
                </summary>
                <ul>
                  <li>
                    <Link to="/article/new">{t.createArticle}</Link>
                  </li>
                  <li>
                    <Link to="/job/new">{t.createJob}</Link>
                  </li>
                </ul>
              </details>
            ) : null}
          </div>
          {data.jobs ? <JobAlertTeaser words={data.jobs.teaser} /> : null}
          <PagedList
            key={search}
            first={data}
            path="/blog"
            query={query}
            emptyText={messages.noPosts}
            pageKey={data.postType === "job" && !data.search ? jobsPageKey : undefined}
            renderItem={(post, i) => (
              <PostCard
                key={post._id}
                post={post}
                now={data.now}
                id={`item-${i + 1}`}
                priority={i < 3}
                facts={post.postType === "job" ? <JobCardFacts job={post} /> : null}
              />
            )}
          />
        </div>
      </section>
    </main>
  );
}
