import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { Carousel } from "~/components/carousel";
import { Icon } from "~/components/icons";
import { Image } from "~/components/image";
import { VideoFacade } from "~/components/video-facade";
import type { homeContent } from "~/content/home";
import { messages } from "~/content/messages";
import { site } from "~/content/site";
import type { homeBlocks } from "~/features/home/page-blocks.server";
import { TeamGrid } from "~/features/home/team";
import { CourseCard, PostCard } from "~/features/lists/cards";
import type { Course, PostListItem } from "~/upstream/schemas";

// The ten sections of the home page (docs/product.md §2), in order. Their copy arrives as loader data.
type Content = typeof homeContent & ReturnType<typeof homeBlocks>;
type Labels = Content["labels"];

function Section({
  name,
  id,
  kicker,
  title,
  children,
  inner = "container",
}: {
  name: string;
  id: string;
  kicker: string;
  title: string;
  children: ReactNode;
  inner?: string;
}) {
  return (
    <section className={`section ${name}`} aria-labelledby={`${id}-title`}>
      <div className={inner}>
        <SectionHeading id={`${id}-title`} kicker={kicker} title={title} />
        {children}
      </div>
    </section>
  );
}

export function SectionHeading({ id, kicker, title }: { id: string; kicker: string; title: string }) {
  return (
    <div className="section-heading">
      <p className="kicker">{kicker}</p>
      <h2 id={id}>{title}</h2>
    </div>
  );
}

function MoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="section-more">
      <Link to={to} className="btn btn-outline">
        {children}
      </Link>
    </p>
  );
}

export function Hero({ slides, labels }: { slides: Content["slides"]; labels: Labels }) {
  return (
    <Carousel
      label={labels.highlights}
      className="hero"
      items={slides}
      renderSlide={(slide, i) => (
        <div
          className="hero-slide"
          style={{ backgroundImage: `linear-gradient(135deg, ${slide.colourFrom}, ${slide.colourTo})` }}
        >
          {/* Under the colours; an empty alt, so Lite pages leave it out (docs/decisions/041, 085). */}
          {slide.image ? (
            <Image
              className="hero-photo"
              publicId={slide.image}
              alt=""
              width={1600}
              height={840}
              widths={[720, 1200, 1600]}
              sizes="100vw"
              priority={i === 0}
            />
          ) : null}
          <div className="container hero-content">
            {i === 0 ? <p className="hero-kicker">{site.tagline}</p> : null}
            <h2 className="hero-title">{slide.title}</h2>
            <p className="hero-text">{slide.text}</p>
            {slide.buttons.length ? (
              <p className="hero-actions">
                {slide.buttons.map((b, n) => (
                  <Link key={n} to={b.href} className={n ? "btn btn-ghost" : "btn btn-light"}>
                    {b.label}
                    {b.hidden ? <span className="visually-hidden">{b.hidden}</span> : null}
                  </Link>
                ))}
              </p>
            ) : null}
          </div>
        </div>
      )}
    />
  );
}

export function Features({ features, labels }: { features: Content["features"]; labels: Labels }) {
  return (
    <section className="section features" aria-label={labels.whatWeOffer}>
      <div className="container feature-grid">
        {features.map((f) => (
          <div key={f.title} className="feature">
            <span className="feature-icon" aria-hidden="true">
              <Icon name={f.icon} />
            </span>
            <h2 className="feature-title">{f.title}</h2>
            <p>{f.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

export function Categories({ categories, labels }: { categories: Content["categories"]; labels: Labels }) {
  return (
    <Section name="categories" id="categories" kicker={labels.categoriesKicker} title={labels.categoriesTitle}>
      <ul className="category-grid">
        {categories.map((c) => (
          <li key={c.name}>
            <Link to={`/courses?category=${c.category}`} className="category" style={{ borderTopColor: c.colour }}>
              <span className="category-name">{c.name}</span>
              <span className="category-blurb">{c.blurb}</span>
            </Link>
          </li>
        ))}
      </ul>
      <MoreLink to="/courses">{labels.allCourses}</MoreLink>
    </Section>
  );
}

export function WhyUs({ whyUs, labels }: { whyUs: Content["whyUs"]; labels: Labels }) {
  return (
    <section className="section why-us" aria-labelledby="why-title">
      <div className="container why-grid">
        <div>
          <SectionHeading id="why-title" kicker={labels.whyUsKicker} title={whyUs.title} />
          <p>{whyUs.intro}</p>
        </div>
        <div>
          <ul className="check-list">
            {whyUs.points.map((p) => (
              <li key={p}>
                <Icon name="check" /> {p}
              </li>
            ))}
          </ul>
          <p>{whyUs.jobsText}</p>
          <Link to="/blog?jobs" className="btn btn-primary">
            {labels.jobPostings}
          </Link>
        </div>
      </div>
    </section>
  );
}

// A section with nothing to show is left out: the home never shows a heading over "No Courses
// Found" or an empty carousel (docs/product.md §1); a list that failed still says so.
export function TrendingCourses({ courses, labels }: { courses: Course[] | null; labels: Labels }) {
  if (courses && !courses.length) return null;
  return (
    <Section name="trending" id="trending" kicker={labels.trendingKicker} title={labels.trendingTitle}>
      {!courses ? (
        <p className="list-error" role="alert">
          {messages.networkError}
        </p>
      ) : (
        <div className="card-grid">
          {courses.map((c) => (
            <CourseCard key={c._id} course={c} />
          ))}
        </div>
      )}
      <MoreLink to="/courses">{labels.browseMore}</MoreLink>
    </Section>
  );
}

export function Testimonials({ testimonials, labels }: { testimonials: Content["testimonials"]; labels: Labels }) {
  if (!testimonials.length) return null;
  return (
    <Section name="testimonials" id="testimonials" kicker={labels.testimonialsKicker} title={labels.testimonialsTitle}>
      <Carousel
        label={labels.testimonialsKicker}
        className="quotes"
        items={testimonials}
        renderSlide={(t) => (
          <figure className="quote">
            <blockquote>
              <p>“{t.quote}”</p>
            </blockquote>
            <figcaption>
              <strong>{t.name}</strong> <span>{t.role}</span>
            </figcaption>
          </figure>
        )}
      />
    </Section>
  );
}

export function VideoTour({ video, labels }: { video: Content["video"]; labels: Labels }) {
  return (
    <section className="section video" aria-labelledby="video-title">
      <div className="container video-grid">
        <div>
          <SectionHeading id="video-title" kicker={labels.videoKicker} title={video.title} />
          <p>{video.text}</p>
        </div>
        <VideoFacade youtubeId={video.youtubeId} title={video.title} />
      </div>
    </section>
  );
}

export function RecentPosts({ posts, now, labels }: { posts: PostListItem[] | null; now: number; labels: Labels }) {
  if (posts && !posts.length) return null;
  return (
    <Section name="recent-posts" id="posts" kicker={labels.postsKicker} title={labels.postsTitle}>
      {!posts ? (
        <p className="list-error" role="alert">
          {messages.networkError}
        </p>
      ) : (
        <div className="card-grid card-grid-4">
          {posts.map((p) => (
            <PostCard key={p._id} post={p} now={now} />
          ))}
        </div>
      )}
      <MoreLink to="/blog">
        {labels.seeMore}
        <span className="visually-hidden">{labels.seeMoreHidden}</span>
      </MoreLink>
    </Section>
  );
}

export function Team({ members, labels }: { members: Content["team"]; labels: Labels }) {
  if (!members.length) return null;
  return (
    <Section name="team" id="team" kicker={labels.teamKicker} title={labels.teamTitle}>
      <TeamGrid members={members} />
    </Section>
  );
}

export function Faqs({ faqs, labels }: { faqs: Content["faqs"]; labels: Labels }) {
  if (!faqs.length) return null;
  return (
    <section className="section faqs" id="FAQs" aria-labelledby="faqs-title" tabIndex={-1}>
      <div className="container narrow">
        <SectionHeading id="faqs-title" kicker={labels.faqsKicker} title={labels.faqsTitle} />
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
  );
}
