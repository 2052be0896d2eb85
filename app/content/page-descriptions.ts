// The public pages' meta descriptions that name the academy (docs/decisions/096-one-academy-name.md).
// A module of its own: only the four pages that use them carry them, not every page's script.
export const pageDescriptions = {
  contact: (name: string) => `Send ${name} a message about a course, a payment or anything else.`,
  terms: (name: string) => `The terms that apply to using this website and registering for courses at ${name}.`,
  privacy: (name: string) => `How ${name} collects, uses and protects your personal information.`,
  course: (title: string, name: string) => `${title} at ${name}.`,
} as const;
