import { ACADEMY_HOURS, ACADEMY_PHONE } from "@domain/academy";
import type { ContactIssue } from "@domain/choices";
import type { Permission } from "@domain/staff";
// The academy's name, contact details and social links: shown in the top bar, footer,
// contact page, legal pages and structured data.
export const site = {
  name: "Fine Line Academy",
  shortName: "FLA",
  tagline: "Vocational and cosmetology training in Lagos",
  description:
    "Hands-on beauty, fashion, photography, content creation, graphics and hairdressing courses in Lagos, Nigeria: crash courses of 3 months and full courses leading to NVQ Level 1 to 3.",
  welcome: "Welcome to Fine Line Academy — learn a craft, build a career.",
  phone: ACADEMY_PHONE.display,
  phoneHref: ACADEMY_PHONE.href,
  email: "hello@finelineacademy.ng",
  address: {
    street: "12 Admiralty Way, Lekki Phase 1",
    city: "Lagos",
    region: "Lagos State",
    country: "NG",
    countryName: "Nigeria",
  },
  hours: ACADEMY_HOURS,
  socials: [
    { name: "Facebook", short: "fb", href: "https://www.facebook.com/finelineacademy" },
    { name: "Instagram", short: "ig", href: "https://www.instagram.com/finelineacademy" },
    { name: "LinkedIn", short: "in", href: "https://www.linkedin.com/company/finelineacademy" },
    { name: "X", short: "x", href: "https://x.com/finelineacademy" },
  ],
  registrationFee: "₦20,000",
} as const;

export const nav = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Courses", to: "/courses" },
  { label: "Blog", to: "/blog" },
  { label: "FAQs", to: "/#FAQs" },
] as const;

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
  { label: "Applicants", to: "/admin/applicants", permission: "applicants" },
  { label: "Scheduled", to: "/admin/scheduled", permission: "content" },
  { label: "Trash", to: "/admin/trash", permission: "content" },
  { label: "Staff", to: "/admin/staff", permission: "staff" },
  { label: "Security log", to: "/admin/security-log", permission: "security-log" },
  { label: "Two-factor sign-in", to: "/admin/account", permission: "account" },
];

const contactIssueLabels: Record<ContactIssue, string> = { 1: "Course-related", 2: "Payment-related", 3: "Others" };
// Built from the labels (a type-only import) so every page's bundle does not carry domain/.
export const contactIssues = Object.entries(contactIssueLabels).map(([value, label]) => ({ value, label }));

/** How soon the academy promises to answer a contact message. */
const CONTACT_REPLY_WORKING_DAYS = 2;

export const contactCopy = {
  intro: "Questions about a course, a payment or anything else? Send us a message and we will reply by email or phone.",
  sent: "Your message has been sent. We will get back to you shortly.",
  // The lasting confirmation that takes the form's place once a message is stored
  // (docs/decisions/039-contact-confirmation-in-the-page.md).
  sentTitle: "Message sent",
  sentThanks: (name: string, email: string) =>
    `Thank you, ${name}. We will reply to ${email} within ${CONTACT_REPLY_WORKING_DAYS} working days.`,
  sentCall: "Need an answer sooner? Call us on",
  sendAnother: "Send another message",
  close: "Close",
  // Shown in the modal for the moment its form's rules and anti-spam token are on their way.
  loading: "Loading…",
  // Shown in the modal instead when they could not be fetched (a dropped connection): the
  // contact page has the same form and works without them being fetched.
  unavailable: "The form could not be loaded.",
  openPage: "Open the contact page",
};
