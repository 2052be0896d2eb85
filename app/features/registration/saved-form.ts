/** The registration form's id (its fields' ids start with it). */
export const REGISTRATION_FORM_ID = "registration";
/** The hidden field carrying the saved form a page was opened from (docs/decisions/036). */
export const RESUME_FIELD = "resumeToken";
/** Where the browser keeps its own copy of the typed fields (JavaScript on). */
export const LOCAL_COPY_KEY = "academy-registration-draft";
