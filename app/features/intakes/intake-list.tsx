import { Link } from "@remix-run/react";

import type { IntakeLine } from "./intake-words.server";

/** A course's intakes for visitors (docs/decisions/068-intakes-and-seats.md): words made on the server. */
export function IntakeList({ intakes, title }: { intakes: IntakeLine[]; title: string }) {
  if (!intakes.length) return null;
  return (
    <section aria-labelledby="intakes-title" className="intake-list">
      <h2 id="intakes-title">{title}</h2>
      <ul className="plain-list">
        {intakes.map((i) => (
          <li key={i.id} className="intake" data-full={i.full ? "" : undefined}>
            <p className="intake-start">
              <strong>
                <time dateTime={i.startDate}>{i.start}</time>
              </strong>
              {i.length ? <span> {i.length}</span> : null}
            </p>
            <p>{i.schedule}</p>
            <p>
              {i.campus} · <strong>{i.fee}</strong>
            </p>
            {i.plan ? <p className="intake-plan small">{i.plan}</p> : null}
            {i.seats ? <p className="intake-seats">{i.seats}</p> : null}
            <p className="intake-window small">{i.window}</p>
            {i.apply ? (
              <Link to={i.apply.href} className="btn btn-outline">
                {i.apply.label}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
