// The public copy of a form page that the offline worker keeps (docs/decisions/042-offline-reading.md).
// A form page is `private, no-store`: it carries per-visitor tokens (the honeypot's time, the
// upload token), and the worker stores no answer that is not public. Asked with this parameter and
// no session, the server answers the same form without those tokens, the same for everyone, and
// so public; sent from that copy once back online, the form comes back asking to send it again
// with fresh tokens (the honeypot's "resend").
const PARAM = "copy";
const VALUE = "offline";

export const offlineCopyUrl = (path: string) => `${path}?${PARAM}=${VALUE}`;

export const isOfflineCopyRequest = (url: URL) => url.searchParams.get(PARAM) === VALUE;
