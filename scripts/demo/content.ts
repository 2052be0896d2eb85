import type { JOB_LOCATIONS, JobType } from "@domain/choices";

// Demo content for the embedded default: real, fitting copy for the academy, so every list
// pages past its first screen on a fresh machine.

export type DemoCourse = {
  title: string;
  category: string;
  tutors: string;
  tag: string;
  tipColor: string;
  body: string[];
  fee: number;
  duration: string;
  level?: string;
  startInDays: number;
};
export type DemoArticle = { title: string; body: string[] };
export type DemoJob = {
  title: string;
  companyName: string;
  jobType: JobType;
  jobLocation: (typeof JOB_LOCATIONS)[number];
  deadlineInDays: number;
  logoAccent: string;
  body: string[];
  howToApply: string;
  salaryMin?: number;
  salaryMax?: number;
  address?: string;
};

export const CATEGORY_COLOURS: Record<string, [string, string]> = {
  "Skincare & Cosmetics": ["#f4c7c3", "#b0466a"],
  "Content Creation": ["#c9e4f6", "#2d5f9a"],
  "Fashion Design": ["#f6e2b3", "#a5631b"],
  "Hairdressing & Styling": ["#e3d0f2", "#6b3a9b"],
  Photography: ["#cfe8d5", "#2f7a52"],
  "Graphics Design": ["#fbd6b8", "#c2501f"],
};

export const courses: DemoCourse[] = [
  {
    title: "Professional Skincare and Facial Therapy",
    category: "Skincare & Cosmetics",
    tutors: "Adaeze Okafor, Funmi Bello",
    tag: "Full Course",
    tipColor: "#b0466a",
    fee: 450000,
    duration: "1 year",
    level: "NVQ Level 2",
    startInDays: 21,
    body: [
      "Learn to analyse skin types, plan treatments and deliver facials that clients come back for.",
      "You will practise cleansing, exfoliation, extraction and massage on real clients in our salon, and study the products and ingredients behind every step.",
      "Graduates sit the NVQ Level 2 assessment in Beauty Therapy.",
    ],
  },
  {
    title: "Makeup Artistry: Bridal and Editorial",
    category: "Skincare & Cosmetics",
    tutors: "Tolu Ajayi",
    tag: "Crash Course",
    tipColor: "#d9485f",
    fee: 180000,
    duration: "3 months",
    startInDays: 14,
    body: [
      "From the flawless bridal base to bold editorial looks for camera.",
      "Colour theory for every skin tone, contouring, lashes and gele-friendly styles, plus how to price and book your first clients.",
    ],
  },
  {
    title: "Nail Technology and Manicure",
    category: "Skincare & Cosmetics",
    tutors: "Blessing Eze",
    tag: "Crash Course",
    tipColor: "#c0397a",
    fee: 150000,
    duration: "3 months",
    startInDays: 14,
    body: [
      "Manicure, pedicure, gel polish, acrylic and nail art in a hygienic, client-ready routine.",
      "Includes a starter kit list and a session on running a nail bar profitably.",
    ],
  },
  {
    title: "Content Creation for Beauty Brands",
    category: "Content Creation",
    tutors: "Kemi Adeyemi, Chidi Nwosu",
    tag: "New",
    tipColor: "#2d5f9a",
    fee: 200000,
    duration: "3 months",
    startInDays: 35,
    body: [
      "Plan, shoot and publish short videos and photos that sell services and products.",
      "Hooks, lighting with a ring light, editing on your phone, captions and a posting calendar for Instagram and TikTok.",
    ],
  },
  {
    title: "Video Editing for Social Media",
    category: "Content Creation",
    tutors: "Chidi Nwosu",
    tag: "Crash Course",
    tipColor: "#3b7dd8",
    fee: 160000,
    duration: "3 months",
    startInDays: 35,
    body: [
      "Cut raw footage into clean, engaging reels and tutorials.",
      "Timelines, transitions, captions, music and exporting for each platform, with CapCut and DaVinci Resolve.",
    ],
  },
  {
    title: "Fashion Design and Pattern Drafting",
    category: "Fashion Design",
    tutors: "Ngozi Umeh, Ibrahim Sule",
    tag: "Full Course",
    tipColor: "#a5631b",
    fee: 600000,
    duration: "2 years",
    level: "NVQ Level 3",
    startInDays: 21,
    body: [
      "Sketch, draft and grade patterns for women's and men's wear.",
      "You will build a small collection from design board to finished garments, and prepare for the NVQ Level 3 assessment in Fashion Design.",
    ],
  },
  {
    title: "Tailoring and Garment Construction",
    category: "Fashion Design",
    tutors: "Ibrahim Sule",
    tag: "Full Course",
    tipColor: "#8c5a2b",
    fee: 450000,
    duration: "1 year",
    level: "NVQ Level 2",
    startInDays: 21,
    body: [
      "Precise measurements, cutting and finishing for native and English wear.",
      "Agbada, kaftan, shirts, trousers and skirts, sewn to a standard clients pay for.",
    ],
  },
  {
    title: "Adire and Textile Dyeing",
    category: "Fashion Design",
    tutors: "Mama Sade Ogunleye",
    tag: "Crash Course",
    tipColor: "#1f4f8a",
    fee: 120000,
    duration: "3 months",
    startInDays: 49,
    body: [
      "Tie-dye, batik and resist techniques of Abeokuta adire, with safe use of modern dyes.",
      "Finish with a portfolio of fabrics ready to sell or sew.",
    ],
  },
  {
    title: "Professional Hairdressing and Styling",
    category: "Hairdressing & Styling",
    tutors: "Grace Effiong, Amaka Obi",
    tag: "Full Course",
    tipColor: "#6b3a9b",
    fee: 650000,
    duration: "3 years",
    level: "NVQ Level 3",
    startInDays: 21,
    body: [
      "Washing, treatments, relaxing, cutting, braiding and styling for natural and relaxed hair.",
      "Salon practice every week and preparation for NVQ Levels 1 to 3 in Hairdressing.",
    ],
  },
  {
    title: "Wig Making and Revamping",
    category: "Hairdressing & Styling",
    tutors: "Amaka Obi",
    tag: "Popular",
    tipColor: "#9b3a8c",
    fee: 170000,
    duration: "3 months",
    startInDays: 14,
    body: [
      "Make closure and frontal wigs by hand and machine, customise hairlines and revamp old units.",
      "Includes sourcing hair, pricing and packaging for online orders.",
    ],
  },
  {
    title: "Barbering and Men's Grooming",
    category: "Hairdressing & Styling",
    tutors: "Segun Ade",
    tag: "Crash Course",
    tipColor: "#4a2f7a",
    fee: 140000,
    duration: "3 months",
    startInDays: 28,
    body: [
      "Clipper and scissor cuts, fades, beard shaping and hot towel shaves.",
      "Hygiene, tool care and the customer service that builds a loyal chair.",
    ],
  },
  {
    title: "Studio and Portrait Photography",
    category: "Photography",
    tutors: "Femi Lawal",
    tag: "Full Course",
    tipColor: "#2f7a52",
    fee: 420000,
    duration: "1 year",
    level: "NVQ Level 2",
    startInDays: 42,
    body: [
      "Master your camera in manual mode, light a studio and direct a portrait session.",
      "Retouching in Lightroom and Photoshop, and delivering galleries clients love.",
    ],
  },
  {
    title: "Event Photography",
    category: "Photography",
    tutors: "Femi Lawal, Zainab Musa",
    tag: "Crash Course",
    tipColor: "#3c8f62",
    fee: 190000,
    duration: "3 months",
    startInDays: 42,
    body: [
      "Cover weddings, owambe parties and corporate events with confidence.",
      "Working with flash, telling the story of the day and delivering on time.",
    ],
  },
  {
    title: "Graphic Design Fundamentals",
    category: "Graphics Design",
    tutors: "Tunde Bakare",
    tag: "Crash Course",
    tipColor: "#c2501f",
    fee: 180000,
    duration: "3 months",
    startInDays: 28,
    body: [
      "Layout, typography and colour for flyers, posts and banners.",
      "Hands-on with Canva, Photoshop and Illustrator, ending with a small portfolio.",
    ],
  },
  {
    title: "Brand Identity Design",
    category: "Graphics Design",
    tutors: "Tunde Bakare, Kemi Adeyemi",
    tag: "New",
    tipColor: "#e06a2c",
    fee: 220000,
    duration: "3 months",
    startInDays: 56,
    body: [
      "Design logos, colour palettes and brand guides for small businesses.",
      "Client briefs, presenting concepts and preparing files for print and web.",
    ],
  },
];

export const articles: DemoArticle[] = [
  {
    title: "How to choose the right beauty course for you",
    body: [
      "Crash courses run for three months and get you working fast; full courses run one to three years in three sessions a year and lead to NVQ Level 1 to 3.",
      "Think about where you want to be in a year: your own stand, a salon job, or a certificate for further study.",
    ],
  },
  {
    title: "Five skincare myths our tutors hear every week",
    body: [
      "No, toothpaste does not cure pimples. Yes, dark skin needs sunscreen too.",
      "Our skincare tutors explain what really works, and why a consultation comes before any product.",
    ],
  },
  {
    title: "Meet our 2025 scholarship students",
    body: [
      "Through our foundation, eight students a year study full-time on scholarship for the first three years.",
      "This year's students come from Lagos, Ogun and Oyo, and they are already taking clients in our salon.",
    ],
  },
  {
    title: "Pricing your services when you start out",
    body: [
      "Count your materials, your time and your rent, then compare with salons near you.",
      "Start fair, keep records, and raise your prices as your portfolio grows.",
    ],
  },
  {
    title: "What to expect on your first day at the academy",
    body: [
      "Registration, a tour of the salon, academy and lounge, your timetable and your kit list.",
      "Bring your ID and your payment receipt; everything else we provide.",
    ],
  },
  {
    title: "Natural hair care through the harmattan",
    body: [
      "Dry air pulls moisture from the hair. Seal in water with oils and butters, and protect your ends at night.",
      "Our hairdressing tutors share a simple weekly routine.",
    ],
  },
  {
    title: "Building a portfolio that gets you hired",
    body: [
      "Take clean, well-lit photos of every piece of work, before and after.",
      "Show range, show consistency, and keep your best twelve pieces on your phone.",
    ],
  },
  {
    title: "From student to salon owner: Chioma's story",
    body: [
      "Chioma started with our crash course in wig making. Two years later she runs a salon in Surulere with three staff.",
      "She tells us what she would do the same, and what she would change.",
    ],
  },
  {
    title: "Hygiene standards every beauty professional must keep",
    body: [
      "Sterilise tools, use fresh towels and disposable applicators, and wash your hands between clients.",
      "Clean work protects your clients and your reputation.",
    ],
  },
  {
    title: "Why NVQ certification matters for your career",
    body: [
      "An NVQ shows employers and clients that your skills meet a national standard.",
      "Our full courses prepare you for NVQ Level 1 to 3 assessments on site.",
    ],
  },
  {
    title: "Using social media to grow your beauty business",
    body: [
      "Post consistently, show your process, and answer every message quickly.",
      "Our content creation course teaches the rest.",
    ],
  },
];

export const jobs: DemoJob[] = [
  {
    title: "Salon Hairstylist",
    companyName: "Glow Hair Lounge",
    jobType: "Full-time",
    jobLocation: "Onsite",
    deadlineInDays: 30,
    logoAccent: "#6b3a9b",
    howToApply: "jobs@glowhairlounge.ng",
    salaryMin: 80000,
    salaryMax: 120000,
    address: "Admiralty Way, Lekki Phase 1",
    body: [
      "We are looking for a skilled stylist for braids, weaves and natural hair care at our Lekki salon.",
      "At least one year of salon experience; NVQ Level 2 is an advantage.",
    ],
  },
  {
    title: "Makeup Artist (Weekends)",
    companyName: "Bridal Bliss Studio",
    jobType: "Part-time",
    jobLocation: "Onsite",
    deadlineInDays: 14,
    logoAccent: "#d9485f",
    howToApply: "https://bridalbliss.ng/careers",
    salaryMin: 40000,
    salaryMax: 60000,
    address: "Surulere",
    body: [
      "Join our bridal team for weekend weddings across Lagos.",
      "Bring a portfolio of bridal looks and your own kit.",
    ],
  },
  {
    title: "Social Media Content Creator",
    companyName: "Naija Naturals",
    jobType: "Contract",
    jobLocation: "Remote",
    deadlineInDays: 21,
    logoAccent: "#2d5f9a",
    howToApply: "careers@naijanaturals.com",
    salaryMin: 150000,
    salaryMax: 200000,
    body: ["Create weekly reels and product photos for a natural skincare brand.", "Three-month contract, renewable."],
  },
  {
    title: "Fashion Design Intern",
    companyName: "House of Adire",
    jobType: "Internship",
    jobLocation: "Hybrid",
    deadlineInDays: 45,
    logoAccent: "#1f4f8a",
    howToApply: "https://houseofadire.com/internships",
    salaryMin: 50000,
    address: "Yaba",
    body: [
      "Assist our designers with pattern drafting, sampling and fittings.",
      "Ideal for current students and recent graduates of a fashion course.",
    ],
  },
  {
    title: "Nail Technician",
    companyName: "Polished Nail Bar",
    jobType: "Full-time",
    jobLocation: "Onsite",
    deadlineInDays: 10,
    logoAccent: "#c0397a",
    howToApply: "hello@polishednailbar.ng",
    salaryMin: 70000,
    salaryMax: 90000,
    address: "Allen Avenue, Ikeja",
    body: [
      "Gel, acrylic and nail art for a busy nail bar in Ikeja.",
      "Good hygiene habits and friendly customer service are a must.",
    ],
  },
  {
    title: "Junior Graphic Designer",
    companyName: "Pixel Print Hub",
    jobType: "Full-time",
    jobLocation: "Hybrid",
    deadlineInDays: -5,
    logoAccent: "#c2501f",
    howToApply: "https://pixelprinthub.ng/jobs",
    salaryMin: 100000,
    salaryMax: 150000,
    address: "Ikeja GRA",
    body: [
      "Design flyers, banners and social posts for small business clients.",
      "Show us a portfolio made with Photoshop, Illustrator or Canva.",
    ],
  },
  {
    title: "Photography Assistant",
    companyName: "Lens & Light Studios",
    jobType: "Part-time",
    jobLocation: "Onsite",
    deadlineInDays: 28,
    logoAccent: "#2f7a52",
    howToApply: "studio@lensandlight.ng",
    address: "Victoria Island",
    body: [
      "Set up lights, manage equipment and back up files on studio and event shoots.",
      "A good eye and reliability matter more than experience.",
    ],
  },
];
