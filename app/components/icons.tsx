// Small inline icons (no icon font, no extra request). Decorative unless given a title.
type IconProps = { name: IconName; className?: string; title?: string };
export type IconName = "fb" | "ig" | "in" | "x" | "phone" | "mail" | "pin" | "play" | "book" | "star" | "spark" | "plus" | "close" | "chevron-left" | "chevron-right" | "pause" | "check";

const paths: Record<IconName, string> = {
  fb: "M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6 1-.6z",
  ig: "M12 7.3A4.7 4.7 0 1 0 12 16.7 4.7 4.7 0 0 0 12 7.3zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm4.9-8.9a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2zM12 3c-2.4 0-2.7 0-3.7.1C5 3.2 3.2 5 3.1 8.3 3 9.3 3 9.6 3 12s0 2.7.1 3.7C3.2 19 5 20.8 8.3 20.9c1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c3.3-.1 5.1-1.9 5.2-5.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7C20.8 5 19 3.2 15.7 3.1 14.7 3 14.4 3 12 3zm0 1.6c2.4 0 2.6 0 3.6.1 2.4.1 3.6 1.3 3.7 3.7.1.9.1 1.2.1 3.6s0 2.6-.1 3.6c-.1 2.4-1.3 3.6-3.7 3.7-.9.1-1.2.1-3.6.1s-2.6 0-3.6-.1C6 19.2 4.8 18 4.7 15.6c-.1-.9-.1-1.2-.1-3.6s0-2.6.1-3.6C4.8 6 6 4.8 8.4 4.7c.9-.1 1.2-.1 3.6-.1z",
  in: "M6.9 20H3.4V9h3.5v11zM5.2 7.5a2 2 0 1 1 0-4.1 2 2 0 0 1 0 4.1zM20.6 20h-3.5v-5.4c0-1.3 0-2.9-1.8-2.9s-2 1.4-2 2.8V20H9.8V9h3.3v1.5c.5-.9 1.6-1.8 3.3-1.8 3.5 0 4.2 2.3 4.2 5.3V20z",
  x: "M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z",
  phone: "M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2z",
  mail: "M3 5h18c.6 0 1 .4 1 1v12c0 .6-.4 1-1 1H3c-.6 0-1-.4-1-1V6c0-.6.4-1 1-1zm9 7.2L4 7.3V17h16V7.3l-8 4.9zM4.8 7l7.2 4.4L19.2 7H4.8z",
  pin: "M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z",
  play: "M8 5v14l11-7z",
  book: "M4 4.5A2.5 2.5 0 0 1 6.5 2H20v17H6.5a1.5 1.5 0 0 0 0 3H20v-2h0v2H6.5A3.5 3.5 0 0 1 3 18.5V4.5h1zM6.5 4A.5.5 0 0 0 6 4.5V16c.2 0 .3-.1.5-.1H18V4H6.5z",
  star: "M12 2l3 6.6 7.2.7-5.4 4.9 1.6 7.1L12 17.6l-6.4 3.7 1.6-7.1L1.8 9.3 9 8.6z",
  spark: "M12 2l2.2 6.3L20.5 10.5l-6.3 2.2L12 19l-2.2-6.3L3.5 10.5l6.3-2.2zM19 15l1 2.6 2.6 1-2.6 1-1 2.6-1-2.6-2.6-1 2.6-1z",
  plus: "M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z",
  close: "M6.4 5L12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z",
  "chevron-left": "M15.4 5.4L14 4l-8 8 8 8 1.4-1.4L8.8 12z",
  "chevron-right": "M8.6 5.4L10 4l8 8-8 8-1.4-1.4 6.6-6.6z",
  pause: "M6 5h4v14H6zm8 0h4v14h-4z",
  check: "M9 16.2L4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z",
};

export function Icon({ name, className = "icon", title }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden={title ? undefined : true} role={title ? "img" : undefined}>
      {title ? <title>{title}</title> : null}
      <path d={paths[name]} />
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
