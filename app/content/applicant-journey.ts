// The words the registration form and its thank-you screen share with the applicant's status
// page (docs/decisions/035 and 036): "save and continue later", the status link, WhatsApp. Apart
// from app/content/application.ts so that the form's page does not carry the status page's words.

// The WhatsApp number is the Admin's setting (domain/settings.ts whatsAppChatLink).
export const whatsAppCopy = {
  whatsApp: "Chat with us on WhatsApp",
  whatsAppHint: "Your reference is already typed in the message.",
};

export const savedFormCopy = {
  save: "Save and continue later",
  saving: "Saving…",
  savedTitle: "Your form is saved",
  savedBody:
    "Everything you typed and the files you uploaded are kept for 14 days. Open this link to continue, on this phone or another:",
  savedMailed: "We have also e-mailed the link to the address you typed.",
  resumedTitle: "Welcome back",
  resumedBody: "Here is the form as you saved it. Check it, finish it and submit.",
  expired: "This saved form has expired or was already sent. Please fill in the form again.",
  localFound: "This phone kept what you typed before the page was reloaded.",
  localRestore: "Restore what I typed",
  localDiscard: "Start again",
};

export const thankYouJourneyCopy = {
  statusTitle: "Follow your application",
  statusBody:
    "Your private status page shows where your application stands. After paying the fee, send your receipt from there. Keep the link: it is also in your e-mail.",
  statusLink: "Open my status page",
};
