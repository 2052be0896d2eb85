// The about page's copy (docs/product.md §2: every section it lists, in order).
export const about = {
  bannerTitle: "About Us",
  bannerText: "A training academy, a working salon and a lounge under one roof in Lagos.",
  intro: [
    "Fine Line Academy trains the next generation of beauty, fashion and creative professionals in Nigeria. We teach skincare and cosmetics, hairdressing and styling, fashion design, photography, content creation and graphics design through practical, client-facing work.",
    "Our students learn from working professionals and practise from the early weeks of their course, so they graduate with skills, a portfolio and the confidence to earn.",
  ],
  pillars: [
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
  executiveSummary:
    "Fine Line Academy is a vocational and cosmetology academy in Lagos combining training, a commercial salon and a lounge. Revenue from the salon and lounge supports the academy, keeps fees within reach and gives every student real client experience. We enrol students in 3 sessions a year across six trades and prepare them for NVQ Level 1 to 3 certification.",
  mission:
    "To equip young Nigerians with practical, certified skills in beauty and the creative trades, and the business sense to turn those skills into a living.",
  vision:
    "To be West Africa's most trusted academy for beauty and creative professionals, known for graduates who set the standard in their trade.",
  socialResponsibility: {
    text: "Through our scholarship foundation we open the academy to talented students who could not otherwise afford the fees.",
    figures: [
      { value: "8", label: "full-time scholarship students per year" },
      { value: "3", label: "years of the programme's first phase" },
      { value: "24", label: "scholarships in the first 3 years" },
    ],
  },
  companyDescription: [
    "Fine Line Academy is a private vocational training provider registered in Lagos State, Nigeria. We deliver crash courses, full courses and courses with accommodation in skincare and cosmetics, content creation, fashion design, hairdressing and styling, photography and graphics design.",
    "We partner with salons, studios and brands across Lagos that host our students for practice and post job openings for our graduates.",
  ],
};
