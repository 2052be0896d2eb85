import { applicationReference } from "@domain/registrations";

// How an applicant's private file is named when staff download it (docs/product.md §4):
// `<REFERENCE>-<First>-<Last>-<KIND>.<ext>`, e.g. FLA-8A48A313-Adaeze-Nwankwo-NIN.jpg or
// …-Receipt.pdf for a transfer receipt, so a folder of downloads sorts by application and says
// whose each file is and what it is.

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** The types a browser shows in the page itself (an <img> or its PDF viewer); every applicant file is one. */
export const INLINE_TYPES = new Set(Object.keys(EXTENSIONS));

/** Every private file's answer: a document of its own, no scripts, no origin (docs/security.md). */
export const PRIVATE_FILE_CSP = "sandbox";

/** What each group's file is, in its name (an ID file says which ID, below). */
const KINDS: Record<string, string> = { certificate: "Certificate", receipt: "Receipt" };

/**
 * A part of the name in safe characters: letters (any script, for filename*), digits and
 * single hyphens. `ascii` also drops accents and leaves out what is not ASCII (for filename).
 */
function part(text: string, ascii: boolean) {
  const plain = ascii ? text.normalize("NFKD").replace(/\p{M}/gu, "") : text.normalize("NFC");
  return plain
    .replace(/['’]/g, "")
    .replace(ascii ? /[^A-Za-z0-9]+/g : /[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
}

type Named = {
  applicantId: string;
  firstname: string;
  lastname: string;
  /** The ID types the applicant ticked: one of them names an ID file. */
  idCards: string[];
  group: string;
  contentType: string;
  /** 1 for a group's first file, 2 for its second…; only a later one carries its number. */
  position: number;
};

/** The file's download name, in ASCII (filename) or with the applicant's own letters (filename*). */
export function downloadName(f: Named, ascii = true) {
  const kind =
    f.group === "idCards"
      ? f.idCards.length === 1 && f.idCards[0] !== "others"
        ? part(f.idCards[0]!, true)
        : "ID"
      : (KINDS[f.group] ?? (part(f.group, true) || "File"));
  const parts = [applicationReference(f.applicantId), part(f.firstname, ascii), part(f.lastname, ascii), kind];
  if (f.position > 1) parts.push(String(f.position));
  return `${parts.filter(Boolean).join("-")}.${EXTENSIONS[f.contentType] ?? "bin"}`;
}

/** Content-Disposition with both names: the ASCII one for every client, filename* (RFC 6266) for those that read it. */
export function contentDisposition(kind: "inline" | "attachment", f: Named) {
  const star = encodeURIComponent(downloadName(f, false)).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `${kind}; filename="${downloadName(f)}"; filename*=UTF-8''${star}`;
}
