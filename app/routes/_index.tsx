import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CourseCard, PostCard } from "~/components/cards";
import { Carousel } from "~/components/carousel";
import { Icon } from "~/components/icons";
import { TeamGrid } from "~/components/team";
import { VideoFacade } from "~/components/video-facade";
import { homeContent } from "~/content/home";
import { team } from "~/content/team";
import { site } from "~/content/site";
import { seo, siteUrlFrom } from "~/lib/seo";
import type { Course } from "~/upstream/schemas";
import { upstream } from "~/upstream/index.server";
import { messages } from "~/content/messages";

export const meta: MetaFunction = ({ matches }) => [
  ...seo(matches, { title: `${site.name} — ${site.tagline}`, description: site.description, path: "/" }),
  {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "EducationalOrganization",
      name: site.name,
      url: `${siteUrlFrom(matches)}/`,
      description: site.description,
      telephone: site.phone,
      email: site.email,
      address: {
        "@type": "PostalAddress",
        streetAddress: site.address.street,
        addressLocality: site.address.city,
        addressRegion: site.address.region,
        addressCountry: site.address.country,
      },
      sameAs: site.socials.map((s) => s.href),
    },
  },
];

const LIST_FAILED = messages.networkError;

export async function loader({ request }: LoaderFunctionArgs) {
  const api = upstream(request);
  const [courses, posts] = await Promise.all([
    api.courses.list({ limit: 3 }).catch(logFailure),
    api.posts.list({ limit: 4 }).catch(logFailure),
  ]);
  const failed = !courses || !posts;
  return json({
    // Long copy travels as data, not code: it keeps the page's JavaScript small.
    content: { ...homeContent, team: team.slice(0, 4) },
    courses,
    posts,
    now: Date.now(),
    // SPEC §8: a home list failure is a persistent toast; the page still renders.
    pageToast: failed ? { message: messages.homeListsFailed, type: "error" as const, persistent: true } : undefined,
  });
}

function logFailure(error: unknown): null {
  console.error("[home] list failed", error);
  return null;
}

export default function Home() {
  const { content, courses, posts, now } = useLoaderData<typeof loader>();
  const { slides, features, categories, whyUs, testimonials, video, faqs } = content;
  return (
    <main id="main" className="home">
      <Carousel
        label="Highlights"
        className="hero"
        items={slides}
        renderSlide={(slide, i) => (
          <div className="hero-slide" style={{ backgroundImage: `linear-gradient(135deg, ${slide.colourFrom}, ${slide.colourTo})` }}>
            <div className="container hero-content">
              {i === 0 ? <p className="hero-kicker">{site.tagline}</p> : null}
              <h2 className="hero-title">{slide.title}</h2>
              <p className="hero-text">{slide.text}</p>
              <p className="hero-actions">
                <Link to="/registration-form" className="btn btn-light">Enroll Now</Link>
                <Link to="/about" className="btn btn-ghost">Learn More</Link>
              </p>
            </div>
          </div>
        )}
      />
      <h1 className="visually-hidden">{site.name}: {site.tagline}</h1>

      <section className="section features" aria-label="What we offer">
        <div className="container feature-grid">
          {features.map((f) => (
            <div key={f.title} className="feature">
              <span className="feature-icon" aria-hidden="true"><Icon name={f.icon} /></span>
              <h2 className="feature-title">{f.title}</h2>
              <p>{f.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="section categories" aria-labelledby="categories-title">
        <div className="container">
          <SectionHeading id="categories-title" kicker="Explore" title="Course Categories" />
          <ul className="category-grid">
            {categories.map((c) => (
              <li key={c.name}>
                <Link to={`/courses?search=${encodeURIComponent(c.search)}`} className="category" style={{ borderTopColor: c.colour }}>
                  <span className="category-name">{c.name}</span>
                  <span className="category-blurb">{c.blurb}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="section-more"><Link to="/courses" className="btn btn-outline">All Courses</Link></p>
        </div>
      </section>

      <section className="section why-us" aria-labelledby="why-title">
        <div className="container why-grid">
          <div>
            <SectionHeading id="why-title" kicker="Why us" title={whyUs.title} />
            <p>{whyUs.intro}</p>
          </div>
          <div>
            <ul className="check-list">
              {whyUs.points.map((p) => (
                <li key={p}><Icon name="check" /> {p}</li>
              ))}
            </ul>
            <p>{whyUs.jobsText}</p>
            <Link to="/blog?jobs" className="btn btn-primary">Job Postings</Link>
          </div>
        </div>
      </section>

      <section className="section trending" aria-labelledby="trending-title">
        <div className="container">
          <SectionHeading id="trending-title" kicker="Popular now" title="Trending Courses" />
          <CourseList courses={courses} />
          <p className="section-more"><Link to="/courses" className="btn btn-outline">Browse More</Link></p>
        </div>
      </section>

      <section className="section testimonials" aria-labelledby="testimonials-title">
        <div className="container">
          <SectionHeading id="testimonials-title" kicker="Testimonials" title="What Our Students Say" />
          <Carousel
            label="Testimonials"
            className="quotes"
            items={testimonials}
            renderSlide={(t) => (
              <figure className="quote">
                <blockquote><p>“{t.quote}”</p></blockquote>
                <figcaption><strong>{t.name}</strong> <span>{t.role}</span></figcaption>
              </figure>
            )}
          />
        </div>
      </section>

      <section className="section video" aria-labelledby="video-title">
        <div className="container video-grid">
          <div>
            <SectionHeading id="video-title" kicker="Take a tour" title={video.title} />
            <p>{video.text}</p>
          </div>
          <VideoFacade youtubeId={video.youtubeId} title={video.title} />
        </div>
      </section>

      <section className="section recent-posts" aria-labelledby="posts-title">
        <div className="container">
          <SectionHeading id="posts-title" kicker="From the blog" title="Recent Posts" />
          {posts ? (
            posts.length ? (
              <div className="card-grid card-grid-4">
                {posts.map((p) => <PostCard key={p._id} post={p} now={now} />)}
              </div>
            ) : (
              <p className="empty">No Posts Found</p>
            )
          ) : (
            <p className="list-error" role="alert">{LIST_FAILED}</p>
          )}
          <p className="section-more"><Link to="/blog" className="btn btn-outline">See More</Link></p>
        </div>
      </section>

      <section className="section team" aria-labelledby="team-title">
        <div className="container">
          <SectionHeading id="team-title" kicker="Our people" title="Meet the Team" />
          <TeamGrid members={content.team} />
        </div>
      </section>

      <section className="section faqs" id="FAQs" aria-labelledby="faqs-title" tabIndex={-1}>
        <div className="container narrow">
          <SectionHeading id="faqs-title" kicker="FAQs" title="Frequently Asked Questions" />
          <div className="faq-list">
            {faqs.map((f) => (
              <details key={f.q} className="faq">
                <summary>{f.q}</summary>
                <p>{f.a}</p>
              </details>
            ))}
          </div>
        </div>
      </section>
    </main>
  );
}

function SectionHeading({ id, kicker, title }: { id: string; kicker: string; title: string }) {
  return (
    <div className="section-heading">
      <p className="kicker">{kicker}</p>
      <h2 id={id}>{title}</h2>
    </div>
  );
}

function CourseList({ courses }: { courses: Course[] | null }) {
  if (!courses) return <p className="list-error" role="alert">{LIST_FAILED}</p>;
  if (!courses.length) return <p className="empty">No Courses Found</p>;
  return (
    <div className="card-grid">
      {courses.map((c) => <CourseCard key={c._id} course={c} />)}
    </div>
  );
}
