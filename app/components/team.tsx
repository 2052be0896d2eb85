import { type TeamMember, teamSocials } from "~/content/team";

import { Icon } from "./icons";

/** Team members: portrait (initials), name, position and social marks (static, no links yet). */
export function TeamGrid({ members, headingLevel = 3 }: { members: TeamMember[]; headingLevel?: 3 | 4 }) {
  const H = `h${headingLevel}` as const;
  return (
    <ul className="team-grid">
      {members.map((m) => (
        <li key={m.name} className="team-member">
          <div className="team-avatar" style={{ background: m.colour }} aria-hidden="true">
            {m.initials}
          </div>
          <H className="team-name">{m.name}</H>
          <p className="team-position">{m.position}</p>
          <ul className="team-socials" aria-hidden="true">
            {teamSocials.map((s) => (
              <li key={s}>
                <Icon name={s} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
