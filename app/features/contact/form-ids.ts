/** The contact page's form (its first touch fetches the form's code: form-on-first-touch.tsx). */
export const CONTACT_PAGE_FORM_ID = "contact-page-form";
