import sanitizeHtml from "sanitize-html";

// The allow-list of what the editors produce. Anything else (scripts, event handlers,
// styles, iframes, javascript: URLs) is dropped before the HTML is stored.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "img",
    "code",
    "pre",
    "hr",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    // An image without a text alternative is treated as decorative (alt=""): pages stay valid
    // HTML and screen readers skip it rather than read out its file name.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? "" } }),
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.target === "_blank" ? { rel: "noopener noreferrer" } : { rel: "noopener" }),
      },
    }),
  },
};

export function sanitizeRichText(html: string) {
  return sanitizeHtml(html, options).trim();
}

/** Plain text of rich text, for list descriptions and meta tags. */
export function plainTextOf(html: string, max = 200) {
  const text = sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote)>/gi, " "), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(" ") > max * 0.6 ? cut.lastIndexOf(" ") : max)}…`;
}
