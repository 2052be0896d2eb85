// Upload progress for the registration form (docs/decisions/082-upload-progress-through-remix.md).
// Remix sends the form with `fetch`, which reports nothing while a request body goes up. For one
// submission this swaps `window.fetch` for a stand-in that sends the form's POST with
// XMLHttpRequest (whose `upload.onprogress` does report) and hands Remix a real `Response` built
// from its answer: Remix reads it as it reads its own, so a refusal comes back by the field with
// what was typed and a success redirects to the thank-you screen, exactly as without this.
// Loaded only when a submission with a file starts (it is not in the form's first-touch code).

const NO_BODY = new Set([101, 204, 205, 304]);

function headersOf(xhr: XMLHttpRequest) {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** `fetch(url, init)` for a POST, by XMLHttpRequest, calling `onProgress` with the share of the body sent (0 to 1). */
function postWithProgress(url: string, init: RequestInit, onProgress: (sent: number) => void) {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "blob";
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve(
        new Response(NO_BODY.has(xhr.status) ? null : (xhr.response as Blob), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: headersOf(xhr),
        }),
      );
    // As fetch fails: a TypeError for the network, the signal's reason for an abort.
    xhr.onerror = () => reject(new TypeError("Failed to fetch"));
    xhr.onabort = () => reject(init.signal?.reason ?? new DOMException("Aborted", "AbortError"));
    init.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

let armed = false;

/**
 * The next POST Remix makes to a route's data URL (`….data`) with a form body goes by
 * XMLHttpRequest with its progress reported; every other request, before and after, is fetch's.
 */
export function sendNextSubmissionWithProgress(onProgress: (sent: number) => void) {
  if (armed) return;
  armed = true;
  const original = window.fetch;
  const standIn: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (init?.method?.toUpperCase() !== "POST" || !(init.body instanceof FormData) || !/\.data(\?|$)/.test(url))
      return original(input, init);
    window.fetch = original;
    armed = false;
    return postWithProgress(url, init, onProgress);
  };
  window.fetch = standIn;
}
