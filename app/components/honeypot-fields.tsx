import { useMatches } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";

/**
 * The honeypot's props (field names and the encrypted "valid from" time). Only the form pages'
 * loaders make them (contact, registration), so other pages stay the same for every visitor
 * and cost no encryption; the contact modal on another page fetches them with the form's data.
 */
export function useHoneypotProps(): HoneypotInputProps | undefined {
  const fromPage = useMatches()
    .map((m) => (m.data as { honeypot?: HoneypotInputProps } | undefined)?.honeypot)
    .find(Boolean);
  return useContactData(fromPage, (data) => data.honeypot as HoneypotInputProps | undefined).value;
}

type ContactData = Record<string, unknown>;
// One fetch of the contact form's data per page, shared by every caller; forgotten when it
// fails, so opening the modal again tries again.
let contactData: Promise<ContactData> | undefined;
const fetchContactData = () =>
  (contactData ??= fetch("/contact.json", { headers: { Accept: "application/json" } })
    .then((res) => (res.ok ? (res.json() as Promise<ContactData>) : Promise.reject(new Error(String(res.status)))))
    .catch((error: Error) => {
      contactData = undefined;
      throw error;
    }));

/**
 * A piece of the contact form's data (its honeypot token, its constraints) for a page that
 * lacks it: fetched from /contact.json, and `pick` takes the piece. `failed` when it could not
 * be fetched (offline, an error): the caller offers the /contact page instead.
 */
export function useContactData<T>(fromPage: T | undefined, pick: (data: ContactData) => T | undefined) {
  const [fetched, setFetched] = useState<{ data?: ContactData; failed: boolean }>({ failed: false });
  const needed = fromPage === undefined;
  useEffect(() => {
    if (!needed) return;
    let current = true;
    fetchContactData().then(
      (data) => current && setFetched({ data, failed: false }),
      () => current && setFetched({ failed: true }),
    );
    return () => {
      current = false;
    };
  }, [needed]);
  if (!needed) return { value: fromPage, failed: false };
  return { value: fetched.data ? pick(fetched.data) : undefined, failed: fetched.failed };
}

/**
 * The honeypot's fields (app/utils/honeypot.server.ts): one a bot fills in and people never see,
 * and the sealed "valid from" time. Both are `type="hidden"`: the one way text browsers honour
 * (w3m shows any other field, whatever its CSS, `hidden` attribute or ARIA), so no one on the most
 * basic phone reads "Please leave this field blank" or can type into it. A bot that fills every
 * field it is sent still gives itself away (decision 033's neighbour, docs/security.md "Honeypot").
 */
export function HoneypotFields({ props }: { props: HoneypotInputProps | undefined }) {
  if (!props) return null;
  const { nameFieldName = "name__confirm", validFromFieldName, encryptedValidFrom } = props;
  return (
    <div id={`${nameFieldName}_wrap`} hidden aria-hidden="true">
      {/* No value React would own: a re-render must not wipe what a bot wrote (a hidden field's value is its attribute). */}
      <input id={nameFieldName} name={nameFieldName} type="hidden" />
      {validFromFieldName && encryptedValidFrom ? (
        <input id={validFromFieldName} name={validFromFieldName} type="hidden" value={encryptedValidFrom} />
      ) : null}
    </div>
  );
}
