// Every word the registration form shows. The allowed values themselves (and the upload
// limits) live in domain/, shared with the API.
import { EDUCATION_LABELS, STATE_OPTIONS } from "@domain/option-words";

export const registrationCopy = {
  metaTitle: "Student Registration Form",
  metaDescription: (name: string) =>
    `Register for a course at ${name}, Lagos: your details, ID, education, emergency contact and the registration fee.`,
  heading: "Student Registration Form",
  intro:
    "Fill in every section below to enrol. Fields marked * are required. Submit first: you then get your reference, which you quote when you pay the registration fee by bank transfer.",
  requiredNote: "Fields marked * are required.",
  errorSummaryTitle: "Please correct the following:",
  submit: "Submit",
  submitting: "Submitting...",
  // Shown where the form appears while its code arrives, when the page was opened by a link in the site.
  loadingForm: "Loading the form…",
  progress: "Uploading your files and sending your registration. Please keep this page open…",
  // Followed by the share sent, "45%", while a picked file goes up (JavaScript on).
  sendingPhoto: "Sending your photo…",
};

export const sectionTitles = {
  personal: "Personal Details",
  contact: "Contact Information",
  address: "Address",
  course: "Course Selection",
  identification: "Identification",
  consent: "Parental Consent",
  education: "Educational Background",
  emergency: "Emergency Contact",
  acknowledgement: "Acknowledgement",
  payment: "Payment",
  declaration: "Declaration",
  submit: "Submit",
} as const;

export const labels = {
  firstname: "First Name",
  lastname: "Last Name",
  gender: "Gender",
  dob: "Date of Birth",
  email: "Email Address",
  phone: "Phone Number",
  // docs/decisions/037-phone-numbers-and-references.md: a Nigerian number needs no country code.
  phoneHint: "A Nigerian number as you dial it (0803 123 4567), or another country's with its code (+44…)",
  street: "Street Address",
  city: "City",
  state: "State",
  postalCode: "Postal Code",
  courseTitle: "Course",
  courseType: "Course Type",
  intakeId: "Intake",
  idCards: "ID Type",
  idCardsHint: "Tick the type of each ID you upload.",
  idCardFiles: "Upload your ID",
  certificateFiles: "Upload your highest certificate",
  filesHint: "PDF, PNG, JPG or WebP (a phone photo is fine), at most 3 files, up to 3MB each.",
  optional: "(optional)",
  shrinking: "Preparing your photo for upload…",
  /** Where nothing can shrink a photo before it goes (JavaScript off, Lite): 4 MB at 400 kbit/s is about 85 s. */
  noShrink:
    "A photo straight from a phone camera is often 3 to 5 MB: on a slow connection it takes one to two minutes to send, and uses that much data. To send less, pick a smaller copy: a screenshot of the photo, or one taken at a smaller size in the camera's settings.",
  postalCodeHint: "Leave empty if you do not know it.",
  schoolHint: "Not needed if your highest level of education is None.",
  keptFilesTitle: "Files already uploaded (untick a file to remove it):",
  parentConsent: "Do you have the consent of a parent or guardian to enrol?",
  schoolName: "Name of School",
  graduationYear: "Year of Graduation",
  highestEducation: "Highest Level of Education",
  emergencyFullname: "Full Name",
  emergencyRelationship: "Relationship",
  emergencyPhone: "Phone Number",
  regTerms: "I have read and agree to the",
  termsLink: "Terms and Conditions",
  regPrivacy: "I have read and accept the",
  privacyLink: "Privacy Policy",
  select: "Select…",
} as const;

export const acknowledgementText = [
  "I understand that my place on a course is confirmed only after the registration fee has been received and my details have been reviewed by the Academy.",
  "I agree to follow the Academy's rules, attend classes punctually and take good care of the tools and materials provided.",
];

export const declarationText =
  "I declare that the information I have given on this form is true and complete, and that the documents I have uploaded are my own.";

/** The fee and how to pay it (content/payment-details.ts: the thank-you screen and the status page read it there). */
export { payment } from "./payment-details";

/** The 36 states and the FCT (domain/staff-words.ts: the staff exports write the same labels). */
export const STATES = STATE_OPTIONS;

/** Labels shown for values whose stored form is lowercase. */
export const educationLabels = EDUCATION_LABELS;
