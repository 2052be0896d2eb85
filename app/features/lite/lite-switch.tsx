import { useLocation } from "@remix-run/react";

import { liteText } from "~/content/lite";

/**
 * The footer's switch between the Lite and the full site: a plain form (no Remix <Form>), so it
 * works without JavaScript and the page it leads to is loaded whole, with or without scripts.
 */
export function LiteSwitch({ lite }: { lite: boolean }) {
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/lite" className="lite-switch" aria-label={liteText.footerLabel}>
      {lite ? <span>{liteText.liteOn} </span> : null}
      <input type="hidden" name="mode" value={lite ? "off" : "on"} />
      <input type="hidden" name="to" value={pathname + search} />
      <button type="submit" className="linklike">
        {lite ? liteText.toFull : liteText.toLite}
      </button>
    </form>
  );
}
