import { Icon } from "~/components/icons";

import type { TeamMemberView } from "./page-blocks.server";

/** Team members: portrait (initials), name, position and the links given (page content, docs/decisions/070). */
export function TeamGrid({ members }: { members: TeamMemberView[] }) {
  return (
    <ul className="team-grid">
      {members.map((m, i) => (
        <li key={i} className="team-member">
          <div className="team-avatar" style={{ background: m.colour }} aria-hidden="true">
            {m.initials}
          </div>
          <h3 className="team-name">{m.name}</h3>
          <p className="team-position">{m.position}</p>
          <ul className="team-socials">
            {m.links.map((l) => (
              <li key={l.icon}>
                <a href={l.href} aria-label={l.label}>
                  <Icon name={l.icon} />
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
