import { z } from "zod";

import { MAX_IMAGE_ID_LENGTH } from "@domain/images";
import { MEMBER_LINKS, PAGE_CONTENT_LIMITS } from "@domain/page-content";

// The shape of a page content save (PUT /api/page-content): some of the blocks, each a bounded
// list of bounded strings. The rules beyond shape (required fields, one-line fields, http(s)
// links) are domain/page-content.ts's `checkBlock`, which the web tier applies too.
const L = PAGE_CONTENT_LIMITS;
// Room for what the rules trim, so a too-long value gets the rule's message, not the shape's.
const line = z.string().max(L.line + 100);
const long = z.string().max(L.long + 500);
const link = z.string().max(L.link + 100);
// An uploaded image's id, or none ("", or left out by callers from before images: docs/decisions/085).
const image = z.string().max(MAX_IMAGE_ID_LENGTH).default("");

export const pageContentBody = z
  .object({
    faqs: z.array(z.object({ question: line, answer: long }).strict()).max(L.items.faqs),
    team: z
      .array(
        z
          .object({
            name: line,
            position: line,
            photo: image,
            links: z
              .object(
                Object.fromEntries(MEMBER_LINKS.map((l) => [l.key, link])) as Record<
                  (typeof MEMBER_LINKS)[number]["key"],
                  typeof link
                >,
              )
              .strict(),
          })
          .strict(),
      )
      .max(L.items.team),
    testimonials: z.array(z.object({ quote: long, name: line, role: line }).strict()).max(L.items.testimonials),
    // A slide's buttons may be left out (none shown), as callers before them sent.
    slides: z
      .array(
        z
          .object({
            title: line,
            text: long,
            image,
            button1Label: line.optional(),
            button1Link: link.optional(),
            button2Label: line.optional(),
            button2Link: link.optional(),
          })
          .strict(),
      )
      .max(L.items.slides),
    features: z.array(z.object({ title: line, text: long }).strict()).length(L.items.features),
    whyUs: z.array(z.object({ title: line, intro: long, jobsText: long }).strict()).length(L.items.whyUs),
    whyUsPoints: z.array(z.object({ point: line }).strict()).max(L.items.whyUsPoints),
    about: z
      .array(
        z
          .object({
            bannerText: line,
            intro: long,
            executiveSummary: long,
            mission: long,
            vision: long,
            socialText: long,
            companyDescription: long,
          })
          .strict(),
      )
      .length(L.items.about),
    aboutPillars: z.array(z.object({ title: line, text: long }).strict()).length(L.items.aboutPillars),
    aboutFigures: z.array(z.object({ value: line, label: line }).strict()).length(L.items.aboutFigures),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, "Send at least one block");
