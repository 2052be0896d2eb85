// Icons from one cached SVG sprite (public/icons.svg): no icon font, no bytes in the JavaScript.
// Decorative unless given a title.
type IconProps = { name: IconName; className?: string; title?: string };
export type IconName =
  | "fb"
  | "ig"
  | "in"
  | "x"
  | "tt"
  | "yt"
  | "phone"
  | "mail"
  | "pin"
  | "play"
  | "book"
  | "star"
  | "spark"
  | "plus"
  | "close"
  | "chevron-left"
  | "chevron-right"
  | "pause"
  | "check";

export function Icon({ name, className = "icon", title }: IconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
    >
      {title ? <title>{title}</title> : null}
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}

/** The academy's mark: the same letterform as the favicon. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true">
      <rect width="32" height="32" rx="6" fill="var(--brand)" />
      <path d="M9 23l7-14 7 14h-3.2l-1.3-2.8h-5l-1.3 2.8zm5.6-5.4h2.8L16 14.5z" fill="#fff" />
    </svg>
  );
}
