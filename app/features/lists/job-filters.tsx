import { useSubmit } from "@remix-run/react";

import { JOB_LOCATIONS, JOB_TYPES } from "@domain/choices";
import { jobText } from "~/content/jobs";

/**
 * The jobs list's type and place, inside the list's GET form (docs/product.md §2, Blog): without
 * JavaScript the search button sends them; with it, a change sends the form at once.
 */
export function JobFilters({ chosen }: { chosen: { jobType?: string; jobLocation?: string } }) {
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
        {JOB_TYPES.map((type) => (
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
        {JOB_LOCATIONS.map((place) => (
          <option key={place}>{place}</option>
        ))}
      </select>
    </>
  );
}
