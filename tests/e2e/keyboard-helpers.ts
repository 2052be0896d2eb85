import type { Page } from "@playwright/test";

import { expect } from "./fixtures";

/**
 * Presses Tab (or Shift+Tab) `times` times and answers where the focus went each time: the
 * accessible name of a control in the open dialog, "(browser)" when it left the document for the
 * browser's own UI (as a modal dialog lets it, between its last and first control), or
 * "OUTSIDE: …" for anything of the page behind.
 */
export async function tabStops(page: Page, times: number, key = "Tab") {
  const stops: string[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return "(browser)";
        const name =
          el.getAttribute("aria-label") ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? "";
        const inside = !!document.querySelector("dialog[open]")?.contains(el);
        return `${inside ? "" : "OUTSIDE: "}${el.tagName.toLowerCase()} ${name.trim()}`;
      }),
    );
  }
  return stops;
}

/** Ten Tabs and ten Shift+Tabs visit every control of the open dialog and nothing of the page behind. */
export async function expectFocusCycle(page: Page, controls: string[]) {
  for (const key of ["Tab", "Shift+Tab"]) {
    const stops = await tabStops(page, 10, key);
    expect(
      stops.filter((stop) => stop.startsWith("OUTSIDE")),
      `${key}: ${stops.join(" → ")}`,
    ).toEqual([]);
    expect(new Set(stops.filter((stop) => stop !== "(browser)")), `${key}: ${stops.join(" → ")}`).toEqual(
      new Set(controls),
    );
  }
}
