// The words of the visitor pages' own headings, filters and facts (docs/product.md §2, §3):
// about, the course and post lists, a course's page (a job's words: app/content/jobs.ts).

export const aboutText = {
  executiveSummary: "Executive Summary",
  mission: "Our Mission",
  vision: "Our Vision",
  socialResponsibility: "Social Responsibility",
  companyDescription: "Company Description",
} as const;

export const listText = {
  blogTitle: "Blog",
  blogIntro: "Stories, tips and job opportunities from the academy and our partners.",
  postsHeading: "Posts",
  searchPosts: "Search Posts",
  filterPosts: "Filter posts",
  filter: "Filter",
  jobs: "Jobs",
  articles: "Articles",
  createArticle: "Article",
  createJob: "Job",
  create: "Create",
  coursesCrumb: "Courses",
  coursesTitle: "Our Courses",
  coursesIntro: "Crash courses of 3 months, and full courses of 1 to 3 years leading to NVQ Level 1 to 3.",
  courseList: "Course list",
  searchCourses: "Search Courses",
  courseCategory: "Course category",
  /** Under "No Courses Found" after a search or a category that found nothing. */
  tryCategories: "Browse a category instead:",
  allCourses: "All courses",
  /** On a job's card once its deadline has passed. */
  closed: "Closed",
  allCategories: "All categories",
} as const;

export const courseFacts = {
  enroll: "Enroll",
  category: "Category",
  fee: "Fee",
  duration: "Duration",
  level: "Level",
  nextStart: "Next start",
  courseTypes: "Offered as",
} as const;
