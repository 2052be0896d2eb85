import { Icon } from "~/components/icons";
import { Image } from "~/components/image";

import type { TeamMemberView } from "./page-blocks.server";

/**
 * Team members: portrait, name, position and the links given (page content, docs/decisions/070).
 * The portrait is the member's photo over their initials (docs/decisions/085): its alt is empty,
 * as the name is beside it, so Lite mode leaves it out and the initials show.
 */
export function TeamGrid({ members }: { members: TeamMemberView[] }) {
  return (
    <ul className="team-grid">
      {members.map((m, i) => (
        <li key={i} className="team-member">
          <div className="team-avatar" style={{ background: m.colour }} aria-hidden="true">
            {m.initials}
            {m.photo ? (
              <Image className="team-photo" publicId={m.photo} alt="" width={96} height={96} dprs={[1, 2]} />
            ) : null}
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
