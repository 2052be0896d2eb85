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

export const testimonials = [
  {
    quote:
      "I came in unable to hold clippers properly. Three months later I had my own chair in a barbershop in Yaba and clients who ask for me by name.",
    name: "Chinedu O.",
    role: "Barbering crash course, 2024",
  },
  {
    quote:
      "The tutors pushed me to build a real collection. My graduation pieces got me my first bridal orders, and the NVQ Level 3 certificate opened doors abroad.",
    name: "Aisha B.",
    role: "Fashion Design full course, 2023",
  },
  {
    quote:
      "Learning content creation beside makeup artists was the best thing. I now shoot and edit for three beauty brands from my phone.",
    name: "Temitope A.",
    role: "Content Creation for Beauty Brands, 2025",
  },
];

export const video = {
  title: "A day at the academy",
  text: "Walk through our salon, studio and classrooms and meet some of the students and tutors.",
  // Replace with the academy's own video id; the player loads only when a visitor asks for it.
  youtubeId: "aqz-KE-bpKQ",
};

export const faqs = [
  {
    q: "How long are the courses?",
    a: "Crash courses run for 3 months. Full courses run for 1 to 3 years, in 3 sessions a year.",
  },
  {
    q: "What certificate will I receive?",
    a: "Full-course students are prepared for NVQ (National Vocational Qualification) Level 1 to 3 in their trade. Every graduate also receives the academy's certificate of completion.",
  },
  {
    q: "When do new sessions start?",
    a: "We run 3 sessions a year. Crash courses can start at the beginning of any session; contact us for the next start date.",
  },
  {
    q: "How do I register?",
    a: "Open the course you want, click Enroll and fill in the registration form. Once you submit it you get your reference: pay the registration form fee by bank transfer, quoting that reference.",
  },
  {
    q: "How much is the registration fee?",
    a: "A registration form fee of ₦20,000 applies before course payment. The bank details are shown on the registration form.",
  },
  {
    q: "Do I need any experience before I start?",
    a: "No. Our courses start from the basics. If you already have experience, tell us on the form and your tutor will plan around it.",
  },
  {
    q: "Is accommodation available?",
    a: "Yes. Crash courses and full courses can both be taken with accommodation; choose the option with accommodation on the registration form.",
  },
  {
    q: "Do you offer scholarships?",
    a: "Our scholarship foundation supports 8 full-time scholarship students each year for the first 3 years. Watch our blog for the application window.",
  },
  {
    q: "Will I practise on real clients?",
    a: "Yes. Students work in our salon, studio and lounge under supervision from the early weeks of their course.",
  },
  {
    q: "Do you help graduates find work?",
    a: "We publish job postings from salons, studios and brands on our blog and introduce graduates to partner employers.",
  },
  {
    q: "What do I need to bring on the first day?",
    a: "Your ID, your payment receipt and something to take notes with. Course kits are listed at registration.",
  },
];

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

export const homeContent = { slides, features, categories, whyUs, testimonials, video, faqs, labels };
