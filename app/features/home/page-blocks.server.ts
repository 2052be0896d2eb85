import {
  HOME_TEAM_COUNT,
  initialsOf,
  MEMBER_LINKS,
  paragraphs,
  PORTRAIT_COLOURS,
  SLIDE_BUTTONS,
} from "@domain/page-content";
import { DEFAULT_PAGE_CONTENT } from "@domain/page-content-defaults";
import type { StoredPageContent } from "~/upstream/page-content.server";

// The page content blocks as the home and about pages render them (docs/decisions/070): made
// here, on the server, and sent as loader data, so the pages' scripts carry no code for it.

/** A team member as the portrait grid shows one: initials and colour for the portrait, the links given. */
export type TeamMemberView = {
  name: string;
  position: string;
  initials: string;
  colour: string;
  /** The uploaded photo's id, or "" (the initials alone). */
  photo: string;
  links: { icon: (typeof MEMBER_LINKS)[number]["icon"]; label: string; href: string }[];
};

export function teamView(team: StoredPageContent["team"], count = team.length): TeamMemberView[] {
  return team.slice(0, count).map((m, i) => ({
    name: m.name,
    position: m.position,
    initials: initialsOf(m.name),
    photo: m.photo,
    colour: PORTRAIT_COLOURS[i % PORTRAIT_COLOURS.length]!,
    links: MEMBER_LINKS.filter((l) => m.links[l.key]).map((l) => ({
      icon: l.icon,
      label: `${m.name} on ${l.label}`,
      href: m.links[l.key],
    })),
  }));
}

/** The slides' colours, by position (the design's; a slide added past them takes them again in turn). */
const SLIDE_COLOURS = [
  ["#8a1c5c", "#3d0d2a"],
  ["#6b3a9b", "#2a1340"],
  ["#a5631b", "#4a2a08"],
  ["#2f7a52", "#0f3322"],
] as const;
/** Words that say nothing of where a link goes (WCAG 2.4.4): the slide's title is added for screen readers. */
const VAGUE_WORDS = /^(learn more|read more|see more|more|find out more|click here|here|details)$/i;

/** A slide's buttons that have both words and a link; a vague one carries the slide's title, unseen. */
function slideButtons(s: StoredPageContent["slides"][number]) {
  return SLIDE_BUTTONS.filter((b) => s[b.label] && s[b.link]).map((b) => ({
    label: s[b.label],
    href: s[b.link],
    hidden: VAGUE_WORDS.test(s[b.label].trim()) ? ` about ${s.title}` : "",
  }));
}

/** The three feature blurbs' icons, by position. */
const FEATURE_ICONS = ["book", "star", "spark"] as const;

/**
 * The home page's blocks: the slides with their colours, the blurbs with their icons, Why Us,
 * the FAQs, the first four of the team, the testimonials. An answer's
 * paragraphs are its blank lines, kept by CSS (`white-space: pre-line`), so the page needs no code for them.
 */
export function homeBlocks(content: StoredPageContent) {
  const [why] = content.whyUs;
  return {
    slides: content.slides.map((s, i) => {
      const [colourFrom, colourTo] = SLIDE_COLOURS[i % SLIDE_COLOURS.length]!;
      return { title: s.title, text: s.text, image: s.image, colourFrom, colourTo, buttons: slideButtons(s) };
    }),
    features: content.features.map((f, i) => ({
      title: f.title,
      text: f.text,
      icon: FEATURE_ICONS[i % FEATURE_ICONS.length]!,
    })),
    whyUs: {
      title: why?.title ?? "",
      intro: why?.intro ?? "",
      points: content.whyUsPoints.map((p) => p.point),
      jobsText: why?.jobsText ?? "",
    },
    faqs: content.faqs.map((f) => ({ q: f.question, a: f.answer })),
    team: teamView(content.team, HOME_TEAM_COUNT),
    testimonials: content.testimonials.map((t) => ({ quote: t.quote, name: t.name, role: t.role })),
  };
}

/**
 * The about page's words as it renders them (docs/decisions/071): each long text as its
 * paragraphs, the three pillars and figures, the whole team.
 */
export function aboutView(content: StoredPageContent) {
  const a = content.about[0] ?? DEFAULT_PAGE_CONTENT.about[0]!;
  return {
    bannerText: a.bannerText,
    intro: paragraphs(a.intro),
    pillars: content.aboutPillars,
    executiveSummary: paragraphs(a.executiveSummary),
    mission: paragraphs(a.mission),
    vision: paragraphs(a.vision),
    social: paragraphs(a.socialText),
    figures: content.aboutFigures,
    companyDescription: paragraphs(a.companyDescription),
    team: teamView(content.team),
  };
}
