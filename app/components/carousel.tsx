import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Icon } from "./icons";

const SWIPE_THRESHOLD_PX = 40;

/**
 * A carousel that is readable without JavaScript (the slides sit in a horizontally scrolling
 * row) and, once enhanced, shows one slide at a time: it advances every `interval` ms, pauses
 * on hover and focus, follows the arrow keys and a swipe of 40 px, and has a pause button.
 */
export function Carousel<T>({
  label, items, renderSlide, interval = 5000, className = "",
}: { label: string; items: T[]; renderSlide: (item: T, index: number) => ReactNode; interval?: number; className?: string }) {
  const count = items.length;
  const [index, setIndex] = useState(0);
  const [enhanced, setEnhanced] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    setEnhanced(true);
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) setStopped(true);
  }, []);

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);

  useEffect(() => {
    if (!enhanced || hovered || focused || stopped || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearInterval(timer);
  }, [enhanced, hovered, focused, stopped, count, interval]);

  return (
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
        if (e.key === "ArrowRight") { e.preventDefault(); go(index + 1); }
        if (e.key === "ArrowLeft") { e.preventDefault(); go(index - 1); }
      }}
    >
      <div
        className="carousel-track"
        tabIndex={enhanced ? undefined : 0}
        aria-live={enhanced && (stopped || focused) ? "polite" : "off"}
        onPointerDown={(e) => { startX.current = e.clientX; }}
        onPointerUp={(e) => {
          if (startX.current === null) return;
          const dx = e.clientX - startX.current;
          startX.current = null;
          if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) go(index + (dx < 0 ? 1 : -1));
        }}
        onPointerCancel={() => { startX.current = null; }}
      >
        {items.map((item, i) => (
          <div
            key={i}
            className="carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            data-active={!enhanced || i === index ? "" : undefined}
          >
            {renderSlide(item, i)}
          </div>
        ))}
      </div>
      {enhanced && count > 1 ? (
        <div className="carousel-controls">
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
          <button type="button" className="carousel-btn" onClick={() => setStopped((s) => !s)} aria-label={stopped ? "Start automatic slide show" : "Stop automatic slide show"}>
            <Icon name={stopped ? "play" : "pause"} />
          </button>
        </div>
      ) : null}
    </section>
  );
}
