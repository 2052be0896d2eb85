import { useFetcher, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { messages } from "~/content/messages";

/** The fetcher that brings /contact's data to a page without it: the contact modal's form shares it. */
const CONTACT_DATA = "contact-data";

/**
 * The honeypot's props (field names and the encrypted "valid from" time). Only the form pages'
 * loaders make them (contact, registration), so other pages stay the same for every visitor
 * and cost no encryption; the contact modal on another page fetches them from /contact.
 */
export function useHoneypotProps(): HoneypotInputProps | undefined {
  const fromPage = useMatches()
    .map((m) => (m.data as { honeypot?: HoneypotInputProps } | undefined)?.honeypot)
    .find(Boolean);
  return useContactData(fromPage, (data) => data.honeypot as HoneypotInputProps | undefined);
}

/**
 * A piece of /contact's data (its honeypot token, its form's constraints) for a page that lacks
 * it: /contact is fetched once, by one fetcher every caller shares, and `pick` takes the piece.
 */
export function useContactData<T>(fromPage: T | undefined, pick: (data: Record<string, unknown>) => T | undefined) {
  const fetcher = useFetcher<Record<string, unknown>>({ key: CONTACT_DATA });
  const needed = fromPage === undefined && fetcher.state === "idle" && !fetcher.data;
  useEffect(() => {
    if (needed) fetcher.load("/contact");
  }, [needed, fetcher]);
  return fromPage ?? (fetcher.data ? pick(fetcher.data) : undefined);
}

/** The hidden fields bots fill in and people never see (remix-utils' HoneypotInputs, with valid autocomplete values). */
export function HoneypotFields({ props }: { props: HoneypotInputProps | undefined }) {
  if (!props) return null;
  const { nameFieldName = "name__confirm", validFromFieldName, encryptedValidFrom } = props;
  return (
    <div id={`${nameFieldName}_wrap`} style={{ display: "none" }} aria-hidden="true">
      <label htmlFor={nameFieldName}>{messages.honeypotLabel}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>{messages.honeypotLabel}</label>
          <input
            id={validFromFieldName}
            name={validFromFieldName}
            type="text"
            value={encryptedValidFrom}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}
