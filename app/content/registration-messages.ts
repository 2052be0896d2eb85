// The registration form's error texts. Apart from its labels (registration.ts): they are said by
// the form's checks, which come after the form has hydrated, and by the server, so the page and the
// form's first-touch code need not carry them (docs/decisions/050-the-form-code-comes-on-first-touch.md).
import { courseTypeWords } from "@domain/choices";

/** Error texts: docs/product.md §5's where it gives them, otherwise the Academy's own words. */
export const messages = {
  firstname: "Kindly input your first name",
  lastname: "Kindly input your last name",
  gender: "Kindly select your gender",
  dob: "Kindly input your date of birth",
  dobPast: "Your date of birth must be in the past",
  email: "Kindly input your email",
  emailInvalid: "Kindly input a valid email address",
  phone: "Kindly input your phone number",
  phoneInvalid: "Kindly input a phone number we can call, e.g 0803 123 4567 or +2348031234567",
  street: "Kindly input your street address",
  city: "Kindly input your city",
  state: "Kindly select your state",
  postalCode: "Kindly input your postal code",
  postalCodeInvalid: "Kindly input a valid postal code",
  courseTitle: "Kindly select a course",
  courseType: "Kindly select a course type",
  /** docs/decisions/038-course-types-per-course.md: the course chosen does not offer the type chosen. */
  courseTypeNotOffered: (course: string, offered: readonly string[]) =>
    `${course} is not offered as the course type you chose. Kindly select ${offered.length > 1 ? "one of: " : ""}${offered.map(courseTypeWords).join(", ")}.`,
  idCards: "Kindly select the type of your ID card",
  idCardFiles: "Kindly upload at least one ID card",
  fileCount: "Maximum number of file upload is 3",
  fileSize: "Maximum file size of 3MB per file",
  fileType: "Only .pdf, .png, .jpg and .webp files are accepted",
  parentConsent: "Kindly select a parental consent option",
  schoolName: "Kindly input the name of your school",
  graduationYear: "Kindly input your year of graduation",
  graduationYearInvalid: "Kindly input a valid year of graduation",
  highestEducation: "Kindly select your highest level of education",
  emergencyFullname: "Kindly input your emergency contact's full name",
  emergencyRelationship: "Kindly select your relationship with your emergency contact",
  emergencyPhone: "Kindly input your emergency contact's phone number",
  regTerms: "Kindly accept the Terms and Conditions",
  regPrivacy: "Kindly accept the Privacy Policy",
  uploadFailed: "An error occured while trying to upload your form file attachments",
  courseListFailed: "Something went wrong. It might be network-related",
} as const;
