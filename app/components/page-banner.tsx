import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The banner at the top of inner pages, with an optional breadcrumb. */
export function PageBanner({
  title,
  text,
  crumbs,
}: {
  title: string;
  text?: ReactNode;
  crumbs?: { label: string; to?: string }[];
}) {
  return (
    <div className="page-banner">
      <div className="container">
        {crumbs ? (
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              {crumbs.map((c) => (
                <li key={c.label}>
                  {c.to ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <h1>{title}</h1>
        {text ? <p className="page-banner-text">{text}</p> : null}
      </div>
    </div>
  );
}
