// One-line text (names, titles, subjects, e-mail, phone, a course…) holds no control character:
// C0 (tab, CR and LF among them), DEL, C1 (NEL among them) and the Unicode line and paragraph
// separators. A line break in a name would start a new line wherever the name is written out, a
// log above all (docs/security.md, "What a visitor's text can reach"). Both tiers refuse them.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** True when the text is one line without control characters. */
export const isOneLine = (text: string) => !CONTROL.test(text);
