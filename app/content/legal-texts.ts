// The words of the Admin's page for the privacy notice and the terms (docs/product.md, "Privacy
// notice and terms"; docs/decisions/071).
import type { LegalDocName } from "@domain/legal-texts";

export const legalTextsText = {
  tab: "Privacy and terms",
  title: (doc: string) => `Edit: ${doc}`,
  intro:
    "Every applicant accepts these texts when they register. A save that changes the words publishes a new version, dated today: new registrations record it, earlier ones keep the version they accepted. Each save is kept below and can be brought back (as a new version).",
  docs: { privacy: "Privacy Policy", terms: "Terms and Conditions" } satisfies Record<LegalDocName, string>,
  currentVersion: (v: number, effective: string) => `Current version: ${v}, effective ${effective}.`,
  view: "See the page",
  introLabel: "Introduction",
  sections: "Sections",
  section: (n: number) => `Section ${n}`,
  heading: "Heading",
  text: "Text",
  textHint:
    "Plain text: leave an empty line between paragraphs. {academy}, {address} and {privacyEmail} show the academy's name, first campus and data protection e-mail from Settings.",
  addSection: "Add a section",
  moveUp: "Move up",
  moveDown: "Move down",
  remove: "Remove",
  // Each begins with the button's visible words, so a voice user can say them (WCAG 2.5.3).
  moveUpLabel: (item: string) => `Move up: ${item}`,
  moveDownLabel: (item: string) => `Move down: ${item}`,
  removeLabel: (item: string) => `Remove: ${item}`,
  save: "Save and publish",
  saving: "Saving…",
  saved: (v: number) => `Saved: version ${v} is published.`,
  unchanged: "Nothing changed: the text is as it was.",
  restored: (v: number) => `Revision ${v} brought back as the newest version.`,
  fixBelow: "Some fields need another look: see the fields marked below. Nothing was saved.",
  notSavedYet: "Not saved yet: press Save and publish when the sections are as you want them.",
  older: "Older revisions",
} as const;
