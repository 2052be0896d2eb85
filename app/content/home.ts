// The home page's static copy, in docs/product.md §2's order.

export const categories = [
  {
    name: "Skincare & Cosmetics",
    category: "skincare-cosmetics",
    colour: "#b0466a",
    blurb: "Facials, makeup artistry and nail technology",
  },
  {
    name: "Content Creation",
    category: "content-creation",
    colour: "#2d5f9a",
    blurb: "Short video, editing and social media for brands",
  },
  {
    name: "Fashion Design",
    category: "fashion-design",
    colour: "#a5631b",
    blurb: "Pattern drafting, tailoring and textile dyeing",
  },
  {
    name: "Hairdressing & Styling",
    category: "hairdressing-styling",
    colour: "#6b3a9b",
    blurb: "Cutting, braiding, wig making and barbering",
  },
  { name: "Photography", category: "photography", colour: "#2f7a52", blurb: "Studio portraits, events and retouching" },
  {
    name: "Graphics Design",
    category: "graphics-design",
    colour: "#c2501f",
    blurb: "Layout, typography and brand identity",
  },
] as const;

export const video = {
  title: "A day at the academy",
  text: "Walk through our salon, studio and classrooms and meet some of the students and tutors.",
  // Replace with the academy's own video id; the player loads only when a visitor asks for it.
  youtubeId: "aqz-KE-bpKQ",
};

// The words around the sections: buttons, kickers and titles (docs/product.md §2's where it names them).
const labels = {
  highlights: "Highlights",
  // Read by screen readers after the visible words, so the link says where it goes.
  whatWeOffer: "What we offer",
  categoriesKicker: "Explore",
  categoriesTitle: "Course Categories",
  allCourses: "All Courses",
  whyUsKicker: "Why us",
  jobPostings: "Job Postings",
  trendingKicker: "Popular now",
  trendingTitle: "Trending Courses",
  browseMore: "Browse More",
  testimonialsKicker: "Testimonials",
  testimonialsTitle: "What Our Students Say",
  videoKicker: "Take a tour",
  postsKicker: "From the blog",
  postsTitle: "Recent Posts",
  seeMore: "See More",
  seeMoreHidden: " posts on the blog",
  teamKicker: "Our people",
  teamTitle: "Meet the Team",
  faqsKicker: "FAQs",
  faqsTitle: "Frequently Asked Questions",
};

// The slides' words, the feature blurbs, Why Us, the testimonials, the team and the FAQs are page
// content Editors change (docs/decisions/070): stored by the API, seeded from
// domain/page-content-defaults.ts, added to this by the home page's loader.
export const homeContent = { categories, video, labels };
