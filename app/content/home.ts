// The home page's static copy, in docs/product.md §2's order.

export type Slide = { title: string; text: string; colourFrom: string; colourTo: string };

export const slides: Slide[] = [
  {
    title: "Personalized Guidance",
    text: "Small classes and tutors who know your name. We assess where you are, agree where you want to be and coach you there, one practical session at a time.",
    colourFrom: "#8a1c5c",
    colourTo: "#3d0d2a",
  },
  {
    title: "Collaborative Learning",
    text: "Learn beside stylists, designers, photographers and creators. Group projects and shared salon days teach the teamwork every studio and salon depends on.",
    colourFrom: "#6b3a9b",
    colourTo: "#2a1340",
  },
  {
    title: "Hands-on Experience",
    text: "From your first week you work on real clients in our salon, studio and lounge, building a portfolio while you learn — not after.",
    colourFrom: "#a5631b",
    colourTo: "#4a2a08",
  },
  {
    title: "Empowering Future Professionals",
    text: "Leave with a recognised NVQ certificate, a portfolio and the business skills to price, market and grow your own brand in Lagos and beyond.",
    colourFrom: "#2f7a52",
    colourTo: "#0f3322",
  },
];

export const features = [
  {
    title: "Comprehensive Courses",
    text: "Crash courses of 3 months and full courses of 1 to 3 years across beauty, fashion, photography, content creation, graphics and hairdressing.",
    icon: "book",
  },
  {
    title: "Expert Instructors",
    text: "Every tutor runs or works in a real salon, studio or agency, and brings today's clients, tools and standards into the classroom.",
    icon: "star",
  },
  {
    title: "Interactive Learning Tools",
    text: "Live demonstrations, practice kits, video lessons and step-by-step guides you can revisit on your phone between classes.",
    icon: "spark",
  },
] as const;

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

export const whyUs = {
  title: "Why Choose Us",
  intro:
    "We are a training academy, a working salon and a lounge under one roof in Lagos. Our students learn where the work actually happens, and leave ready to earn.",
  points: [
    "NVQ Level 1 to 3 certification recognised by employers",
    "Crash courses in 3 months, full courses in 1 to 3 years with 3 sessions a year",
    "Practice on real clients in our own salon and studio",
    "Scholarships for 8 full-time students every year",
    "Job postings from salons, studios and brands that hire our graduates",
  ],
  jobsText: "Looking for work or an apprenticeship? Browse openings from our partner employers.",
};

export const video = {
  title: "A day at the academy",
  text: "Walk through our salon, studio and classrooms and meet some of the students and tutors.",
  // Replace with the academy's own video id; the player loads only when a visitor asks for it.
  youtubeId: "aqz-KE-bpKQ",
};

// The words around the sections: buttons, kickers and titles (docs/product.md §2's where it names them).
const labels = {
  highlights: "Highlights",
  enrollNow: "Enroll Now",
  learnMore: "Learn More",
  // Read by screen readers after the visible words, so the link says where it goes.
  learnMoreHidden: " about the academy",
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

// The FAQs, team and testimonials are page content Editors change (docs/decisions/070): stored by
// the API, seeded from domain/page-content-defaults.ts, added to this by the home page's loader.
export const homeContent = { slides, features, categories, whyUs, video, labels };
