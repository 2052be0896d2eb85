import type { EducationLevel, StateSlug } from "./choices";

// The words the registration form shows for a state and an education level; the staff pages and
// exports show the same (domain/staff-words.ts, applicant-values.ts). Apart from the exports'
// words, so the form carries none of those.

/** The 36 states and the FCT: each value is the lowercase slug of its OWN name. */
export const STATE_OPTIONS: readonly { value: StateSlug; label: string }[] = [
  { value: "abia", label: "Abia" },
  { value: "adamawa", label: "Adamawa" },
  { value: "akwa-ibom", label: "Akwa Ibom" },
  { value: "anambra", label: "Anambra" },
  { value: "bauchi", label: "Bauchi" },
  { value: "bayelsa", label: "Bayelsa" },
  { value: "benue", label: "Benue" },
  { value: "borno", label: "Borno" },
  { value: "cross-river", label: "Cross River" },
  { value: "delta", label: "Delta" },
  { value: "ebonyi", label: "Ebonyi" },
  { value: "edo", label: "Edo" },
  { value: "ekiti", label: "Ekiti" },
  { value: "enugu", label: "Enugu" },
  { value: "fct", label: "Federal Capital Territory (Abuja)" },
  { value: "gombe", label: "Gombe" },
  { value: "imo", label: "Imo" },
  { value: "jigawa", label: "Jigawa" },
  { value: "kaduna", label: "Kaduna" },
  { value: "kano", label: "Kano" },
  { value: "katsina", label: "Katsina" },
  { value: "kebbi", label: "Kebbi" },
  { value: "kogi", label: "Kogi" },
  { value: "kwara", label: "Kwara" },
  { value: "lagos", label: "Lagos" },
  { value: "nasarawa", label: "Nasarawa" },
  { value: "niger", label: "Niger" },
  { value: "ogun", label: "Ogun" },
  { value: "ondo", label: "Ondo" },
  { value: "osun", label: "Osun" },
  { value: "oyo", label: "Oyo" },
  { value: "plateau", label: "Plateau" },
  { value: "rivers", label: "Rivers" },
  { value: "sokoto", label: "Sokoto" },
  { value: "taraba", label: "Taraba" },
  { value: "yobe", label: "Yobe" },
  { value: "zamfara", label: "Zamfara" },
] as const;

/** Labels shown for values whose stored form is lowercase. */
export const EDUCATION_LABELS: Record<EducationLevel, string> = {
  none: "None",
  "primary school": "Primary School",
  "secondary school certificate": "Secondary School Certificate",
  "vocational training": "Vocational Training",
  HND: "HND",
  OND: "OND",
  Diploma: "Diploma",
  undergraduate: "Undergraduate",
  postgraduate: "Postgraduate",
};
