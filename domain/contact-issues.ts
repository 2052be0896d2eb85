// The "issue" of a contact message (docs/product.md §3): 1 course-related, 2 payment-related,
// 3 others. Apart from the other choices, so the contact form carries only these three.
export const CONTACT_ISSUES = [1, 2, 3] as const;
export type ContactIssue = (typeof CONTACT_ISSUES)[number];
