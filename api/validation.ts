// Every input's zod schema, one module per resource in api/validation/ (fields.ts: the shared
// field rules). These are read through this index; the newer resources' modules (intakes,
// settings, page content, legal texts, job alerts) are imported by their routes directly.
export * from "./validation/applicants";
export * from "./validation/contact";
export * from "./validation/fields";
export * from "./validation/items";
export * from "./validation/privacy";
export * from "./validation/staff";
