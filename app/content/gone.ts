/**
 * A trashed item's page (410). A module apart from the trash's staff words (./trash.ts): every visitor's detail page
 * carries it, and none of the rest (docs/decisions/084-stored-search-words-and-bounded-pipeline-counts.md).
 */
export const goneText = {
  title: "410 - Page Removed",
  text: "Sorry, this page has been removed from the site.",
  home: "Go to Home",
};
