import type { PDFFont } from "pdf-lib";

// Text for the PDFs drawn with pdf-lib's standard fonts (certificates, receipts): nothing to
// install, but only the Latin-1 set.

/**
 * The text as the standard fonts can draw it: characters outside their Latin-1 set lose the marks
 * they cannot show (Ọ → O, ṣ → s); the check page and the credential keep the name exactly.
 */
export function drawable(font: PDFFont, text: string) {
  let out = "";
  for (const char of text) {
    if (fits(font, char)) out += char;
    else for (const part of char.normalize("NFD")) if (fits(font, part)) out += part;
  }
  return out;
}

function fits(font: PDFFont, char: string) {
  try {
    font.encodeText(char);
    return true;
  } catch {
    return false;
  }
}
