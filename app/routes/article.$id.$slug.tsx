import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { formatLagos } from "@domain/schedule";
import { FeaturedImage } from "~/components/image";
import { PageBanner } from "~/components/page-banner";
import { crumbs } from "~/content/site";
import { trashText } from "~/content/trash";
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
import { imageUrl } from "~/utils/images";
import { postPath } from "~/utils/paths";
import { formatDate } from "~/utils/relative-time";
import { absolute, academyNameFrom, imageBaseFrom, seo, siteUrlFrom, summary } from "~/utils/seo";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data || isNotFound(data)) return missingMeta(data);
  const { article } = data;
  return [
    ...seo(matches, {
      title: article.title,
      description: summary(article.description),
      path: postPath(article),
      type: "article",
      image: article.featuredImg
        ? imageUrl(imageBaseFrom(matches), article.featuredImg, { width: 1200, height: 630 })
        : undefined,
    }),
    { property: "article:published_time", content: article.createdAt },
    { property: "article:modified_time", content: article.updatedAt },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: article.title,
        description: summary(article.description, 300),
        datePublished: article.createdAt,
        dateModified: article.updatedAt,
        ...(article.featuredImg
          ? {
              image: absolute(
                matches,
                imageUrl(imageBaseFrom(matches), article.featuredImg, { width: 1200, height: 750 }),
              ),
            }
          : {}),
        author: { "@type": "Organization", name: academyNameFrom(matches) },
        publisher: { "@type": "Organization", name: academyNameFrom(matches) },
        mainEntityOfPage: `${siteUrlFrom(matches)}${postPath(article)}`,
      },
    },
  ];
};

export const headers = detailHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const found = await loadDetail(request, "article", params.id!, postPath);
  if (found.missing) return found.missing;
  const { item: article, scheduledAt, audit } = found;
  return {
    article,
    scheduledAt,
    audit,
  };
}

export default function ArticleDetail() {
  const data = useLoaderData<typeof loader>();
  if (isNotFound(data)) return <MissingPage data={data} />;
  const { article } = data;
  return (
    <main id="main" className="detail article-detail">
      <PageBanner
        title={article.title}
        text={
          <>
            {/* Staff reading an item scheduled for later: it is not published yet (docs/product.md §4). */}
            {data.scheduledAt ? (
              <>{trashText.scheduledFor(formatLagos(data.scheduledAt))}</>
            ) : (
              <>
                Published <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
              </>
            )}
            {article.updatedAt !== article.createdAt ? (
              <>
                {" "}
                · Updated <time dateTime={article.updatedAt}>{formatDate(article.updatedAt)}</time>
              </>
            ) : null}
          </>
        }
        crumbs={[crumbs.home, crumbs.blog, { label: article.title }]}
      />
      <DetailLayout>
        {article.featuredImg ? <FeaturedImage publicId={article.featuredImg} alt={article.title} /> : null}
        <RichText html={article.content} />
        <div className="detail-actions">
          <StaffTools
            type="article"
            id={article._id}
            title={article.title}
            scheduledAt={data.scheduledAt}
            audit={data.audit}
          />
        </div>
      </DetailLayout>
    </main>
  );
}

export const ErrorBoundary = DetailErrorBoundary;
