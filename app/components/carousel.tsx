import { type ReactNode, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

import { Icon } from "./icons";

const SETTLE_MS = 120;
const SWIPE_THRESHOLD_PX = 40;
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** Whether the visitor asked for less motion (false on the server and before hydration). */
function usePrefersReducedMotion() {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener("change", onChange);
      return () => query?.removeEventListener("change", onChange);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/**
 * A carousel that occupies the same box before and after hydration: the server already renders
 * one slide at a time in a horizontal scroll-snap row (readable and swipeable without
 * JavaScript), and the controls' band is reserved. Hydration only adds autoplay (every
 * `interval` ms, paused on hover and focus and by the pause button), the arrow keys and the
 * buttons, which scroll the same row. A touch swipe is the row's own scrolling; a mouse drag of
 * 40 px moves one slide.
 */
export function Carousel<T>({
  label,
  items,
  renderSlide,
  interval = 5000,
  className = "",
}: {
  label: string;
  items: T[];
  renderSlide: (item: T, index: number) => ReactNode;
  interval?: number;
  className?: string;
}) {
  const count = items.length;
  const [index, setIndex] = useState(0);
  const enhanced = useHydrated();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Until the visitor presses the pause button, a request for reduced motion stops the show.
  const [stoppedByVisitor, setStoppedByVisitor] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const stopped = stoppedByVisitor ?? reducedMotion;
  const track = useRef<HTMLDivElement>(null);
  const settle = useRef<ReturnType<typeof setTimeout>>();
  const startX = useRef<number | null>(null);

  useEffect(() => () => clearTimeout(settle.current), []);

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);

  // The index drives the row's scroll position...
  useEffect(() => {
    const el = track.current;
    if (!enhanced || !el) return;
    const left = index * el.clientWidth;
    if (Math.abs(el.scrollLeft - left) > 1) el.scrollTo({ left, behavior: reducedMotion ? "auto" : "smooth" });
  }, [enhanced, index, reducedMotion]);

  // ...and a swipe or scroll, once it ends, moves the index. `scrollend` fires only when the
  // row has come to rest (a smooth scroll to the next slide included); a quiet-period timer is
  // the fallback where it is missing, and could read a half-way position mid-animation.
  useEffect(() => {
    const el = track.current;
    if (!enhanced || !el || !("onscrollend" in window)) return;
    const onEnd = () => {
      if (el.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth));
    };
    el.addEventListener("scrollend", onEnd);
    return () => el.removeEventListener("scrollend", onEnd);
  }, [enhanced]);
  const onScroll = () => {
    if ("onscrollend" in window) return;
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const el = track.current;
      if (el && el.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth));
    }, SETTLE_MS);
  };

  useEffect(() => {
    if (!enhanced || hovered || focused || stopped || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearInterval(timer);
  }, [enhanced, hovered, focused, stopped, count, interval]);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys pressed on any control inside the carousel (delegated here) change the slide
    <section
      className={`carousel ${enhanced ? "is-enhanced" : ""} ${className}`}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(e) => {
        if (!enhanced) return;
        if (e.key === "ArrowRight") {
          e.preventDefault();
          go(index + 1);
        }
        if (e.key === "ArrowLeft") {
          e.preventDefault();
          go(index - 1);
        }
      }}
    >
      <div
        ref={track}
        className="carousel-track"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable), with or without JavaScript
        tabIndex={0}
        aria-live={enhanced && (stopped || focused) ? "polite" : "off"}
        onScroll={enhanced ? onScroll : undefined}
        onPointerDown={(e) => {
          startX.current = e.pointerType === "mouse" ? e.clientX : null;
        }}
        onPointerUp={(e) => {
          if (!enhanced || startX.current === null) return;
          const dx = e.clientX - startX.current;
          startX.current = null;
          if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) go(index + (dx < 0 ? 1 : -1));
        }}
        onPointerCancel={() => {
          startX.current = null;
        }}
      >
        {items.map((item, i) => (
          <div
            key={i}
            className="carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            data-active={!enhanced || i === index ? "" : undefined}
            aria-hidden={enhanced && i !== index ? true : undefined}
            // Slides out of view keep their links out of the tab order once enhanced.
            {...(enhanced && i !== index ? { inert: "" } : {})}
          >
            {renderSlide(item, i)}
          </div>
        ))}
      </div>
      {count > 1 ? (
        // The band is there from the first paint, so adding the buttons moves nothing.
        <div className="carousel-controls">
          {enhanced ? (
            <>
              <button type="button" className="carousel-btn" onClick={() => go(index - 1)} aria-label="Previous slide">
                <Icon name="chevron-left" />
              </button>
              <div className="carousel-dots">
                {items.map((_, i) => (
                  <button
                    key={i}
                    type="button"
                    className="carousel-dot"
                    aria-label={`Go to slide ${i + 1}`}
                    aria-current={i === index ? "true" : undefined}
                    onClick={() => go(i)}
                  />
                ))}
              </div>
              <button type="button" className="carousel-btn" onClick={() => go(index + 1)} aria-label="Next slide">
                <Icon name="chevron-right" />
              </button>
              <button
                type="button"
                className="carousel-btn"
                onClick={() => setStoppedByVisitor(!stopped)}
                aria-label={stopped ? "Start automatic slide show" : "Stop automatic slide show"}
              >
                <Icon name={stopped ? "play" : "pause"} />
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
