// With JavaScript off a plain textarea stands in for the rich-text editor. What is typed
// there becomes HTML: text that already holds tags is kept (the API sanitizes it), plain
// text becomes paragraphs, an empty line between them.

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function looksLikeHtml(text: string) {
  return /<\/?[a-z][a-z0-9]*(\s[^>]*)?>/i.test(text);
}

export function plainTextToHtml(text: string) {
  const trimmed = text.replace(/\r\n?/g, "\n").trim();
  if (!trimmed) return "";
  if (looksLikeHtml(trimmed)) return trimmed;
  return trimmed
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("");
}
