import { useSubmit } from "@remix-run/react";

import { jobText } from "~/content/jobs";

import type { JobsListExtras } from "./jobs-list.server";

/**
 * The jobs list's type and place, inside the list's GET form (docs/product.md §2, Blog): without
 * JavaScript the search button sends them; with it, a change sends the form at once. The choices
 * come with the list's data (jobs-list.server.ts).
 */
export function JobFilters({
  chosen,
  choices,
}: {
  chosen: { jobType?: string; jobLocation?: string };
  choices: JobsListExtras["choices"];
}) {
  const submit = useSubmit();
  return (
    <>
      <select
        name="jobType"
        aria-label={jobText.filterType}
        defaultValue={chosen.jobType ?? ""}
        onChange={(e) => submit(e.currentTarget.form)}
      >
        <option value="">{jobText.anyType}</option>
        {choices.types.map((type) => (
          <option key={type}>{type}</option>
        ))}
      </select>
      <select
        name="jobLocation"
        aria-label={jobText.filterLocation}
        defaultValue={chosen.jobLocation ?? ""}
        onChange={(e) => submit(e.currentTarget.form)}
      >
        <option value="">{jobText.anyLocation}</option>
        {choices.locations.map((place) => (
          <option key={place}>{place}</option>
        ))}
      </select>
    </>
  );
}
