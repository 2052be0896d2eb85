// The seeded page content (docs/decisions/070-page-content-blocks.md): what the home and about
// pages show until an Editor or Admin saves their own. Server only, so no page's script carries it.
import type { PageContent } from "./page-content";

const noLinks = { facebook: "", instagram: "", linkedin: "", x: "" };
/** Every slide's two buttons, as SPEC draws them (Enroll Now, Learn More). */
export const SPEC_BUTTONS = {
  button1Label: "Enroll Now",
  button1Link: "/registration-form",
  button2Label: "Learn More",
  button2Link: "/about",
};

export const DEFAULT_PAGE_CONTENT: PageContent = {
  faqs: [
    {
      question: "How long are the courses?",
      answer: "Crash courses run for 3 months. Full courses run for 1 to 3 years, in 3 sessions a year.",
    },
    {
      question: "What certificate will I receive?",
      answer:
        "Full-course students are prepared for NVQ (National Vocational Qualification) Level 1 to 3 in their trade. Every graduate also receives the academy's certificate of completion.",
    },
    {
      question: "When do new sessions start?",
      answer:
        "We run 3 sessions a year. Crash courses can start at the beginning of any session; contact us for the next start date.",
    },
    {
      question: "How do I register?",
      answer:
        "Open the course you want, click Enroll and fill in the registration form. Once you submit it you get your reference: pay the registration form fee by bank transfer, quoting that reference.",
    },
    {
      question: "How much is the registration fee?",
      answer:
        "A registration form fee of ₦20,000 applies before course payment. The bank details are shown on the registration form.",
    },
    {
      question: "Do I need any experience before I start?",
      answer:
        "No. Our courses start from the basics. If you already have experience, tell us on the form and your tutor will plan around it.",
    },
    {
      question: "Is accommodation available?",
      answer:
        "Yes. Crash courses and full courses can both be taken with accommodation; choose the option with accommodation on the registration form.",
    },
    {
      question: "Do you offer scholarships?",
      answer:
        "Our scholarship foundation supports 8 full-time scholarship students each year for the first 3 years. Watch our blog for the application window.",
    },
    {
      question: "Will I practise on real clients?",
      answer:
        "Yes. Students work in our salon, studio and lounge under supervision from the early weeks of their course.",
    },
    {
      question: "Do you help graduates find work?",
      answer:
        "We publish job postings from salons, studios and brands on our blog and introduce graduates to partner employers.",
    },
    {
      question: "What do I need to bring on the first day?",
      answer: "Your ID, your payment receipt and something to take notes with. Course kits are listed at registration.",
    },
  ],
  team: [
    { name: "Folake Adebayo", position: "Founder & Creative Director", photo: "", links: noLinks },
    { name: "Grace Effiong", position: "Head of Hairdressing", photo: "", links: noLinks },
    { name: "Adaeze Okafor", position: "Lead Skincare Tutor", photo: "", links: noLinks },
    { name: "Femi Lawal", position: "Photography Tutor", photo: "", links: noLinks },
    { name: "Ngozi Umeh", position: "Fashion Design Tutor", photo: "", links: noLinks },
    { name: "Tunde Bakare", position: "Graphics Design Tutor", photo: "", links: noLinks },
    { name: "Kemi Adeyemi", position: "Content Creation Tutor", photo: "", links: noLinks },
  ],
  testimonials: [
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
  ],
  slides: [
    {
      title: "Personalized Guidance",
      text: "Small classes and tutors who know your name. We assess where you are, agree where you want to be and coach you there, one practical session at a time.",
      image: "",
      ...SPEC_BUTTONS,
    },
    {
      title: "Collaborative Learning",
      text: "Learn beside stylists, designers, photographers and creators. Group projects and shared salon days teach the teamwork every studio and salon depends on.",
      image: "",
      ...SPEC_BUTTONS,
    },
    {
      title: "Hands-on Experience",
      text: "From your first week you work on real clients in our salon, studio and lounge, building a portfolio while you learn — not after.",
      image: "",
      ...SPEC_BUTTONS,
    },
    {
      title: "Empowering Future Professionals",
      text: "Leave with a recognised NVQ certificate, a portfolio and the business skills to price, market and grow your own brand in Lagos and beyond.",
      image: "",
      ...SPEC_BUTTONS,
    },
  ],
  features: [
    {
      title: "Comprehensive Courses",
      text: "Crash courses of 3 months and full courses of 1 to 3 years across beauty, fashion, photography, content creation, graphics and hairdressing.",
    },
    {
      title: "Expert Instructors",
      text: "Every tutor runs or works in a real salon, studio or agency, and brings today's clients, tools and standards into the classroom.",
    },
    {
      title: "Interactive Learning Tools",
      text: "Live demonstrations, practice kits, video lessons and step-by-step guides you can revisit on your phone between classes.",
    },
  ],
  whyUs: [
    {
      title: "Why Choose Us",
      intro:
        "We are a training academy, a working salon and a lounge under one roof in Lagos. Our students learn where the work actually happens, and leave ready to earn.",
      jobsText: "Looking for work or an apprenticeship? Browse openings from our partner employers.",
    },
  ],
  whyUsPoints: [
    { point: "NVQ Level 1 to 3 certification recognised by employers" },
    { point: "Crash courses in 3 months, full courses in 1 to 3 years with 3 sessions a year" },
    { point: "Practice on real clients in our own salon and studio" },
    { point: "Scholarships for 8 full-time students every year" },
    { point: "Job postings from salons, studios and brands that hire our graduates" },
  ],
  // The about page (docs/decisions/071): the copy app/content/about.ts held; paragraphs
  // are separated by blank lines.
  about: [
    {
      bannerText: "A training academy, a working salon and a lounge under one roof in Lagos.",
      intro:
        "We train the next generation of beauty, fashion and creative professionals in Nigeria. We teach skincare and cosmetics, hairdressing and styling, fashion design, photography, content creation and graphics design through practical, client-facing work.\n\nOur students learn from working professionals and practise from the early weeks of their course, so they graduate with skills, a portfolio and the confidence to earn.",
      executiveSummary:
        "We are a vocational and cosmetology academy in Lagos combining training, a commercial salon and a lounge. Revenue from the salon and lounge supports the academy, keeps fees within reach and gives every student real client experience. We enrol students in 3 sessions a year across six trades and prepare them for NVQ Level 1 to 3 certification.",
      mission:
        "To equip young Nigerians with practical, certified skills in beauty and the creative trades, and the business sense to turn those skills into a living.",
      vision:
        "To be West Africa's most trusted academy for beauty and creative professionals, known for graduates who set the standard in their trade.",
      socialText:
        "Through our scholarship foundation we open the academy to talented students who could not otherwise afford the fees.",
      companyDescription:
        "We are a private vocational training provider registered in Lagos State, Nigeria. We deliver crash courses, full courses and courses with accommodation in skincare and cosmetics, content creation, fashion design, hairdressing and styling, photography and graphics design.\n\nWe partner with salons, studios and brands across Lagos that host our students for practice and post job openings for our graduates.",
    },
  ],
  aboutPillars: [
    {
      title: "Salon",
      text: "A full-service salon open to the public, where students practise hair, skin, nails and makeup on real clients under the eye of senior stylists.",
    },
    {
      title: "Academy",
      text: "Classrooms, a photo studio and a sewing room for crash courses of 3 months and full courses of 1 to 3 years leading to NVQ Level 1 to 3.",
    },
    {
      title: "Lounge",
      text: "A relaxed space for clients, students and alumni to meet, network and host events, workshops and pop-up shops.",
    },
  ],
  aboutFigures: [
    { value: "8", label: "full-time scholarship students per year" },
    { value: "3", label: "years of the programme's first phase" },
    { value: "24", label: "scholarships in the first 3 years" },
  ],
};
