// The allowed values of docs/product.md §3: the API enforces them and the forms offer exactly them.
export const JOB_TYPES = ["Full-time", "Part-time", "Contract", "Internship"] as const;
export const JOB_LOCATIONS = ["Remote", "Onsite", "Hybrid"] as const;
export const COURSE_TYPES = [
  "Crash Course",
  "Full Course",
  "Crash Course with Accomodation",
  "Full Course with Accomodation",
] as const;
export type CourseType = (typeof COURSE_TYPES)[number];
/**
 * A course type as people read it: the stored values keep SPEC's "Accomodation" (the API's
 * callers, old records and the course filters match them); every page, mail and export says
 * "Accommodation" (docs/decisions/067-accommodation-in-words.md).
 */
export const courseTypeWords = (type: string) => type.replace("Accomodation", "Accommodation");
/**
 * The course types a course offers, in the usual order (docs/decisions/038-course-types-per-course.md).
 * A course that names none (or only unknown ones) offers all four, as every course did before.
 */
export function offeredCourseTypes(named: readonly string[] | null | undefined): CourseType[] {
  const offered = COURSE_TYPES.filter((type) => named?.includes(type));
  return offered.length ? offered : [...COURSE_TYPES];
}
export const ID_TYPES = ["NIN", "International Passport", "Driver's License", "Voter's Card", "others"] as const;
export const GENDERS = ["Male", "Female", "N/A"] as const;
export const PARENT_CONSENT = ["Yes", "No", "Maybe"] as const;
export const EDUCATION_LEVELS = [
  "none",
  "primary school",
  "secondary school certificate",
  "vocational training",
  "HND",
  "OND",
  "Diploma",
  "undergraduate",
  "postgraduate",
] as const;
// docs/product.md §3's six, plus "Husband" and "Guardian" (decision 018).
export const EMERGENCY_RELATIONSHIPS = [
  "Father",
  "Mother",
  "Sibling",
  "Wife",
  "Husband",
  "Guardian",
  "Child",
  "others",
] as const;
// The 36 states and the FCT, each value the lowercase slug of its own name.
export const STATE_SLUGS = [
  "abia",
  "adamawa",
  "akwa-ibom",
  "anambra",
  "bauchi",
  "bayelsa",
  "benue",
  "borno",
  "cross-river",
  "delta",
  "ebonyi",
  "edo",
  "ekiti",
  "enugu",
  "fct",
  "gombe",
  "imo",
  "jigawa",
  "kaduna",
  "kano",
  "katsina",
  "kebbi",
  "kogi",
  "kwara",
  "lagos",
  "nasarawa",
  "niger",
  "ogun",
  "ondo",
  "osun",
  "oyo",
  "plateau",
  "rivers",
  "sokoto",
  "taraba",
  "yobe",
  "zamfara",
] as const;
export type StateSlug = (typeof STATE_SLUGS)[number];
export const POST_TYPES = ["article", "job"] as const;

export type JobType = (typeof JOB_TYPES)[number];
export type JobLocation = (typeof JOB_LOCATIONS)[number];
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
