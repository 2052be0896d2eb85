import { team, teamSocials } from "~/content/team";
import { Icon } from "./icons";

/** The first `count` team members: portrait (initials), name, position and social marks (static, no links yet). */
export function TeamGrid({ count = 4, headingLevel = 3 }: { count?: number; headingLevel?: 3 | 4 }) {
  const H = `h${headingLevel}` as const;
  return (
    <ul className="team-grid">
      {team.slice(0, count).map((m) => (
        <li key={m.name} className="team-member">
          <div className="team-avatar" style={{ background: m.colour }} aria-hidden="true">{m.initials}</div>
          <H className="team-name">{m.name}</H>
          <p className="team-position">{m.position}</p>
          <ul className="team-socials" aria-hidden="true">
            {teamSocials.map((s) => (
              <li key={s}><Icon name={s} /></li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
