import type { Permission } from "@domain/staff";
// The academy's brand words. Its name is the Admin's setting, as are its contact details, social
// links, fee and bank account (domain/settings.ts; pages read them with app/hooks/use-settings.ts):
// words that name the academy are functions of the name (docs/decisions/096-one-academy-name.md).
export const site = {
  tagline: "Vocational and cosmetology training in Lagos",
  description:
    "Hands-on beauty, fashion, photography, content creation, graphics and hairdressing courses in Lagos, Nigeria: crash courses of 3 months and full courses leading to NVQ Level 1 to 3.",
  welcome: (name: string) => `Welcome to ${name} — learn a craft, build a career.`,
  brandHome: (name: string) => `${name} home`,
} as const;

export const nav = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Courses", to: "/courses" },
  { label: "Blog", to: "/blog" },
  { label: "FAQs", to: "/#FAQs" },
] as const;

/** The breadcrumbs' first steps, in the menu's words. */
export const crumbs = {
  home: { label: "Home", to: "/" },
  courses: { label: "Courses", to: "/courses" },
  blog: { label: "Blog", to: "/blog" },
  jobs: { label: "Jobs", to: "/blog?jobs" },
} as const;

// The words of the site's chrome: top bar, header, footer and the 404 page (docs/product.md §1, §2).
export const chrome = {
  topbarLabel: "Welcome and contact",
  mainNavLabel: "Main",
  footerNavLabel: "Footer",
  admin: "Admin",
  logout: "Logout",
  contact: "Contact",
  quickLinks: "Quick links",
  visitOrCall: "Visit or call",
  footerLinks: [
    { label: "Job Opportunities", to: "/blog?jobs" },
    { label: "Privacy Policy", to: "/privacy" },
    { label: "Terms and Conditions", to: "/terms" },
  ],
  contactUs: "Contact Us",
  allRightsReserved: "All rights reserved.",
  // Shown to signed-in staff only, in the footer: what to quote when reporting a problem (docs/deploy.md, "Versions").
  version: (label: string) => `Site version ${label}`,
  notFound: {
    title: "404 - Page Not Found",
    text: "Sorry, the page you are looking for does not exist.",
    home: "Go to Home",
  },
} as const;

// Each item shows only to a role with its permission (docs/decisions/031-staff-roles.md).
export const adminMenu: readonly { label: string; to: string; permission: Permission }[] = [
  { label: "Create Course", to: "/course/new", permission: "content" },
  { label: "Create Article", to: "/article/new", permission: "content" },
  { label: "Create Job", to: "/job/new", permission: "content" },
  { label: "Messages", to: "/admin/messages", permission: "messages" },
  { label: "Desk", to: "/admin/desk", permission: "applicants" },
  { label: "Applicants", to: "/admin/applicants", permission: "applicants" },
  { label: "Scheduled", to: "/admin/scheduled", permission: "content" },
  { label: "Trash", to: "/admin/trash", permission: "content" },
  { label: "Staff", to: "/admin/staff", permission: "staff" },
  { label: "Security log", to: "/admin/security-log", permission: "security-log" },
  { label: "Settings", to: "/admin/settings", permission: "settings" },
  { label: "Two-factor sign-in", to: "/admin/account", permission: "account" },
];

/**
 * The contact form's first sentence, in the modal and on /contact. The modal is part of every
 * page, so this one sentence is here; the form's other words are in contact.ts, fetched with it.
 */
export const contactIntro =
  "Questions about a course, a payment or anything else? Send us a message and we will reply by email or phone.";
