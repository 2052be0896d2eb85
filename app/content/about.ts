// The about page's title (docs/product.md §2). Its words are page content Editors change
// (docs/decisions/071-legal-texts-edited-and-versioned.md), seeded from domain/page-content-defaults.ts.
export const about = { bannerTitle: "About Us" } as const;
