import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/** A GET search form: the URL is shareable and a new search starts from the first page. */
export function SearchForm({ placeholder, defaultValue, children, onChangeSubmit }: { placeholder: string; defaultValue: string; children?: ReactNode; onChangeSubmit?: boolean }) {
  return (
    <Form method="get" role="search" className="search-form" preventScrollReset={onChangeSubmit}>
      {children}
      <input type="search" name="search" placeholder={placeholder} aria-label={placeholder} defaultValue={defaultValue} key={defaultValue} maxLength={100} />
      <button type="submit" className="btn btn-primary">Search</button>
    </Form>
  );
}
