// The registration form's messages for the guardian's fields, said when a check fails: they come
// with the form's checks, after it has hydrated, not with its first-touch code (consent.ts holds
// what the form shows; docs/decisions/050-the-form-code-comes-on-first-touch.md).

export const guardianMessages = {
  name: "Kindly input the full name of the applicant's parent or guardian",
  relationship: "Kindly select the guardian's relationship to the applicant",
  phone: "Kindly input the guardian's phone number",
  email: "Kindly input the guardian's email address",
  emailInvalid: "Kindly input a valid email address for the guardian",
  consent:
    "An applicant under 18 can register only with the consent of a parent or guardian: the guardian must tick this box",
};
