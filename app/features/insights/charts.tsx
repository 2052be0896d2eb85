import type { ReactNode } from "react";

import { insightsText as t } from "~/content/insights";

// Charts drawn on the server as SVG (docs/decisions/064-cookie-free-visit-counts.md): no chart
// script, the same picture with JavaScript off and in Lite mode. Each is an image with a title
// and a one-line description for a screen reader; the table beside it holds every number.

const W = 400;
const fmt = (n: number) => n.toLocaleString("en-NG");

/** A round top for the scale: 1, 2 or 5 times a power of ten, at least the largest value. */
function scaleTop(max: number) {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max)!;
}

/** A short day label: "27 Nov". */
export const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** Columns, one per day, with the scale's top and middle and the first, middle and last day named. */
export function ColumnChart({
  id,
  title,
  points,
}: {
  id: string;
  title: string;
  points: { day: string; value: number }[];
}) {
  const H = 170;
  const left = 40;
  const bottom = 22;
  const plotH = H - bottom - 8;
  const top = scaleTop(Math.max(0, ...points.map((p) => p.value)));
  const step = (W - left) / Math.max(1, points.length);
  const total = points.reduce((n, p) => n + p.value, 0);
  const busiest = points.reduce((a, p) => (p.value > a.value ? p : a), points[0] ?? { day: "", value: 0 });
  const named = points.length ? [0, Math.floor(points.length / 2), points.length - 1] : [];
  return (
    <svg
      className="insight-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${id}-title`}>{t.chartOf(title)}</title>
      <desc id={`${id}-desc`}>
        {`${fmt(total)} ${t.visits.toLowerCase()} in ${points.length} days; the most, ${fmt(busiest.value)}, on ${busiest.day}.`}
      </desc>
      {[top, top / 2].map((v) => {
        const y = 8 + plotH - (v / top) * plotH;
        return (
          <g key={v} className="insight-grid">
            <line x1={left} x2={W} y1={y} y2={y} />
            <text x={left - 6} y={y + 4} textAnchor="end">
              {fmt(v)}
            </text>
          </g>
        );
      })}
      <line className="insight-axis" x1={left} x2={W} y1={8 + plotH} y2={8 + plotH} />
      {points.map((p, i) => {
        const h = (p.value / top) * plotH;
        return (
          <rect
            key={p.day}
            className="insight-bar"
            x={left + i * step + step * 0.1}
            y={8 + plotH - h}
            width={Math.max(1, step * 0.8)}
            height={h}
          />
        );
      })}
      {named.map((i) => (
        <text
          key={i}
          className="insight-label"
          x={left + i * step + step / 2}
          y={H - 6}
          textAnchor={i === 0 ? "start" : i === points.length - 1 ? "end" : "middle"}
        >
          {shortDay(points[i]!.day)}
        </text>
      ))}
    </svg>
  );
}

/**
 * Horizontal bars, in the order given, each named above its bar and numbered at its end: narrow
 * enough to read on a phone without zooming, where a label beside its bar would not fit.
 */
export function BarChart({
  id,
  title,
  rows,
  percent,
}: {
  id: string;
  title: string;
  rows: { label: string; value: number; note?: string }[];
  percent?: boolean;
}) {
  const BW = 400;
  const rowH = 38;
  const numberW = 90;
  const H = Math.max(1, rows.length) * rowH + 4;
  const top = Math.max(1, ...rows.map((r) => r.value));
  const total = rows.reduce((n, r) => n + r.value, 0);
  return (
    <svg
      className="insight-chart insight-bars"
      viewBox={`0 0 ${BW} ${H}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{t.chartOf(title)}</title>
      <desc id={`${id}-desc`}>{rows.map((r) => t.barLabel(r.label, r.value)).join("; ")}</desc>
      {rows.map((r, i) => {
        const y = i * rowH;
        const w = ((BW - numberW) * r.value) / top;
        const shown = r.label.length > 56 ? `${r.label.slice(0, 55)}…` : r.label;
        const share = percent && total ? ` (${Math.round((100 * r.value) / total)} %)` : (r.note ?? "");
        return (
          <g key={`${r.label}-${i}`}>
            <text className="insight-label" x={0} y={y + 14}>
              {shown}
            </text>
            <rect className="insight-bar" x={0} y={y + 19} width={Math.max(r.value ? 2 : 0, w)} height={14} />
            <text className="insight-label" x={w + 6} y={y + 31}>
              {`${fmt(r.value)}${share}`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** A figure: its heading, the chart, the table of its numbers beside it and the CSV link. */
export function Figure({
  id,
  title,
  intro,
  chart,
  table,
  csv,
  tableOpen = true,
}: {
  id: string;
  title: string;
  intro?: string;
  chart: ReactNode;
  table: ReactNode;
  csv: string;
  tableOpen?: boolean;
}) {
  return (
    <section className="insight-figure" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
      <div className="insight-body">
        <div className="insight-picture">{chart}</div>
        {tableOpen ? (
          <div className="insight-numbers">{table}</div>
        ) : (
          <details className="insight-numbers">
            <summary>{t.numbers}</summary>
            {table}
          </details>
        )}
      </div>
      <p>
        <a href={csv} className="btn btn-outline" download>
          {t.exportCsv}
          <span className="visually-hidden"> ({title})</span>
        </a>
      </p>
    </section>
  );
}

/** A plain table of a figure's numbers, its caption naming the figure. */
export function NumbersTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: (string | number)[][];
}) {
  return (
    <div className="admin-table-wrap">
      <table className="insight-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th scope="row" key={j}>
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{typeof cell === "number" ? fmt(cell) : cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
