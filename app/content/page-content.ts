// The words of the staff page for the home page's content blocks (docs/product.md, "Page content").
export const pageContentText = {
  title: "Page content",
  intro:
    "The home page's FAQs, team and testimonials (the about page shows the whole team). Add, remove and move items, then save: a save is seen at once by every visitor; each save is kept below and can be brought back.",
  textHint: "Plain text: leave an empty line between paragraphs.",
  save: "Save page content",
  saving: "Saving…",
  saved: "Page content saved.",
  unchanged: "Nothing changed: the page content is as it was.",
  restored: (v: number) => `Version ${v} brought back as the newest version.`,
  fixBelow: "Some items need another look: see the fields marked below. Nothing was saved.",
  notSavedYet: "Not saved yet: press Save page content when the items are as you want them.",
  blocks: {
    faqs: {
      title: "FAQs",
      item: (n: number) => `FAQ ${n}`,
      add: "Add an FAQ",
      empty: "No FAQ: the home page shows none.",
    },
    team: {
      title: "Team",
      item: (n: number) => `Team member ${n}`,
      add: "Add a team member",
      empty: "No team member: the home and about pages show none.",
      hint: "The home page shows the first four; the about page shows everyone.",
    },
    testimonials: {
      title: "Testimonials",
      item: (n: number) => `Testimonial ${n}`,
      add: "Add a testimonial",
      empty: "No testimonial: the home page shows none.",
    },
  },
  fields: {
    question: "Question",
    answer: "Answer",
    name: "Name",
    position: "Position",
    facebook: "Facebook link",
    instagram: "Instagram link",
    linkedin: "LinkedIn link",
    x: "X link",
    quote: "Quote",
    role: "Course and year (optional)",
  } as Record<string, string>,
  moveUp: "Move up",
  moveDown: "Move down",
  remove: "Remove",
  // The buttons' names say which item: the visible words first (WCAG 2.5.3, label in name).
  moveUpLabel: (item: string) => `Move up: ${item}`,
  moveDownLabel: (item: string) => `Move down: ${item}`,
  removeLabel: (item: string) => `Remove: ${item}`,
  /** The blocks' names in the history's "Changed" column. */
  changed: { faqs: "FAQs", team: "Team", testimonials: "Testimonials" } as Record<string, string>,
  older: "Older versions",
} as const;
