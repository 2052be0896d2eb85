import type { Generated } from "kysely";

// Timestamps are ISO-8601 UTC strings: they sort as text identically on SQLite and PostgreSQL.
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  is_demo: number;
  created_at: string;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  persistent: number;
  expires_at: string;
  created_at: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface CoursesTable {
  id: string;
  title: string;
  slug: string;
  tutors: string;
  featured_img: string;
  tag: string;
  tip_color: string;
  content: string;
  asset_folder: string;
  created_at: string;
  updated_at: string;
}

export interface PostsTable {
  id: string;
  post_type: "article" | "job";
  title: string;
  slug: string;
  description: string;
  content: string;
  featured_img: string;
  company_cover_img: string;
  company_logo: string;
  logo_accent: string;
  company_name: string;
  job_type: string;
  job_location: string;
  application_deadline: string | null;
  asset_folder: string;
  created_at: string;
  updated_at: string;
}

export interface DraftsTable {
  user_id: string;
  post_type: "article" | "job" | "course";
  data: string;
  updated_at: string;
}

export interface ContactMessagesTable {
  id: string;
  fullname: string;
  email: string;
  phone: string;
  issue: number;
  message: string;
  created_at: string;
}

export interface ApplicantsTable {
  id: string;
  firstname: string;
  lastname: string;
  gender: string;
  dob: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  postal_code: string;
  course_title: string;
  course_type: string;
  id_cards: string;
  parent_consent: string;
  school_name: string;
  graduation_year: number;
  highest_education: string;
  emergency_fullname: string;
  emergency_relationship: string;
  emergency_phone: string;
  reg_terms: number;
  reg_privacy: number;
  created_at: string;
}

export interface PrivateFilesTable {
  public_id: string;
  applicant_id: string | null;
  file_group: string;
  original_name: string;
  content_type: string;
  size: number;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  courses: CoursesTable;
  posts: PostsTable;
  drafts: DraftsTable;
  contact_messages: ContactMessagesTable;
  applicants: ApplicantsTable;
  private_files: PrivateFilesTable;
}

export type { Generated };
