import * as z from "zod";

// The answers of the academy API, as the web tier relies on them. Checked on every call,
// so a drifting API shows up as one clear error instead of a broken page.
export const userSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const courseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  tutors: z.string(),
  featuredImg: z.string(),
  tag: z.string(),
  tipColor: z.string(),
  content: z.string(),
  assetFolder: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const courseOptionSchema = z.object({ _id: z.string(), title: z.string(), slug: z.string() });

export const postListItemSchema = z.object({
  _id: z.string(),
  postType: z.enum(["article", "job"]),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  featuredImg: z.string(),
  companyCoverImg: z.string(),
  applicationDeadline: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const articleSchema = z.object({
  _id: z.string(),
  postType: z.literal("article"),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  content: z.string(),
  featuredImg: z.string(),
  assetFolder: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const jobSchema = z.object({
  _id: z.string(),
  postType: z.literal("job"),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  content: z.string(),
  jobType: z.string(),
  jobLocation: z.string(),
  companyName: z.string(),
  applicationDeadline: z.string().nullable(),
  companyCoverImg: z.string(),
  companyLogo: z.string(),
  logoAccent: z.string(),
  assetFolder: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const draftSchema = z
  .object({ postType: z.enum(["article", "job", "course"]) })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const uploadedImageSchema = z.object({ public_id: z.string(), secure_url: z.string(), width: z.number(), height: z.number() });

export const storedFileSchema = z.object({
  public_id: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  group: z.string(),
});

export const contactMessageSchema = z.object({
  _id: z.string(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  issue: z.number(),
  message: z.string(),
  createdAt: z.string(),
});

export const applicantSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  gender: z.string(),
  dob: z.string(),
  email: z.string(),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  courseTitle: z.string(),
  courseType: z.string(),
  idCards: z.array(z.string()),
  parentConsent: z.string(),
  schoolName: z.string(),
  graduationYear: z.number(),
  highestEducation: z.string(),
  emergencyFullname: z.string(),
  emergencyRelationship: z.string(),
  emergencyPhone: z.string(),
  regTerms: z.boolean(),
  regPrivacy: z.boolean(),
  createdAt: z.string(),
});

export const applicantDetailSchema = applicantSchema.extend({ files: z.array(storedFileSchema) });

export type User = z.infer<typeof userSchema>;
export type Course = z.infer<typeof courseSchema>;
export type CourseOption = z.infer<typeof courseOptionSchema>;
export type PostListItem = z.infer<typeof postListItemSchema>;
export type Article = z.infer<typeof articleSchema>;
export type Job = z.infer<typeof jobSchema>;
export type Draft = z.infer<typeof draftSchema>;
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
export type StoredFile = z.infer<typeof storedFileSchema>;
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type Applicant = z.infer<typeof applicantSchema>;
export type ApplicantDetail = z.infer<typeof applicantDetailSchema>;
export type PostType = "article" | "job";
export type DraftType = "article" | "job" | "course";
