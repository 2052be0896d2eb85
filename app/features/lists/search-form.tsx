import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/** A GET search form: the URL is shareable and a new search starts from the first page. Key it by the query so it shows the current one. */
export function SearchForm({
  placeholder,
  defaultValue,
  children,
}: {
  placeholder: string;
  defaultValue: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" className="search-form">
      {children}
      <input
        type="search"
        name="search"
        placeholder={placeholder}
        aria-label={placeholder}
        defaultValue={defaultValue}
        maxLength={100}
      />
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </Form>
  );
}
