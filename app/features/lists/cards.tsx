import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { formatNaira } from "@domain/naira";
import { Image } from "~/components/image";
import { RelativeTime } from "~/components/relative-time";
import { listText } from "~/content/pages";
import type { Course, PostListItem } from "~/upstream/schemas";
import { coursePath, postPath } from "~/utils/paths";
import { formatDate } from "~/utils/relative-time";

const CARD_WIDTHS = [360, 540, 720];
const CARD_SIZES = "(min-width: 1200px) 360px, (min-width: 992px) 30vw, (min-width: 576px) 45vw, 92vw";

function luminance(hex: string) {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Readable colours for a tag on the staff's chosen tip colour: white or near-black text,
 * and when neither reaches 4.5:1 the colour is darkened until white text does.
 */
export function tagColours(tip: string) {
  let hex = /^#?([0-9a-f]{6})$/i.exec(tip.trim())?.[1] ?? "8a1c5c";
  const white = (h: string) => 1.05 / (luminance(h) + 0.05);
  const dark = (h: string) => (luminance(h) + 0.05) / (luminance("1d1d24") + 0.05);
  if (white(hex) >= 4.5) return { background: `#${hex}`, color: "#fff" };
  if (dark(hex) >= 4.5) return { background: `#${hex}`, color: "#1d1d24" };
  while (white(hex) < 4.5) {
    hex = [0, 2, 4]
      .map((i) =>
        Math.floor(parseInt(hex.slice(i, i + 2), 16) * 0.9)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("");
  }
  return { background: `#${hex}`, color: "#fff" };
}

export function Tag({ text, colour }: { text: string; colour?: string }) {
  if (!text) return null;
  return (
    <span className="tag" style={tagColours(colour || "#8a1c5c")}>
      {text}
    </span>
  );
}

/** A card's picture at the list's sizes, or a plain placeholder when the item has none. */
function CardImage({ publicId, priority }: { publicId: string | null | undefined; priority?: boolean }) {
  if (!publicId) return <div className="card-img placeholder" aria-hidden="true" />;
  return (
    <Image
      className="card-img"
      publicId={publicId}
      alt=""
      width={360}
      height={225}
      widths={CARD_WIDTHS}
      sizes={CARD_SIZES}
      priority={priority}
    />
  );
}

export function CourseCard({ course, id, priority }: { course: Course; id?: string; priority?: boolean }) {
  return (
    <article className="card course-card" id={id}>
      <CardImage publicId={course.featuredImg} priority={priority} />
      <div className="card-body">
        <Tag text={course.tag} colour={course.tipColor} />
        <h3 className="card-title">
          <Link to={coursePath(course)} className="stretched">
            {course.title}
          </Link>
        </h3>
        {course.tutors ? <p className="card-meta">Tutors: {course.tutors}</p> : null}
        {course.fee !== null || course.duration ? (
          <p className="card-meta course-offer">
            {[course.fee !== null ? formatNaira(course.fee) : "", course.duration ?? ""].filter(Boolean).join(" · ")}
          </p>
        ) : null}
      </div>
    </article>
  );
}

export function PostCard({
  post,
  now,
  id,
  priority,
  facts,
}: {
  post: PostListItem & { closed?: boolean };
  now: number;
  id?: string;
  priority?: boolean;
  /** A job's employer, place and pay, on the jobs list (passed in: the home page's script stays without them). */
  facts?: ReactNode;
}) {
  const image = post.postType === "job" ? post.companyCoverImg || post.featuredImg : post.featuredImg;
  const deadline = post.applicationDeadline;
  return (
    <article className={`card post-card post-${post.postType}`} id={id}>
      <CardImage publicId={image} priority={priority} />
      <div className="card-body">
        <span className={`post-kind post-kind-${post.postType}`}>
          {post.postType === "job" ? "Job" : "Article"}
          {/* Past its deadline: said on the card, not only on the job's page (docs/product.md §2, Blog). */}
          {post.closed ? <span className="job-closed-badge"> · {listText.closed}</span> : null}
        </span>
        <h3 className="card-title">
          <Link to={postPath(post)} className="stretched">
            {post.title}
          </Link>
        </h3>
        {facts}
        {deadline ? (
          <p className="card-meta deadline">
            Deadline: <time dateTime={deadline}>{formatDate(deadline)}</time>
          </p>
        ) : null}
        <p className="card-text">{post.description}</p>
        <p className="card-meta">
          Updated <RelativeTime date={post.updatedAt} now={now} />
        </p>
      </div>
    </article>
  );
}
