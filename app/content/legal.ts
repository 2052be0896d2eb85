// Privacy policy and terms and conditions (docs/product.md §2: static, effective 6/1/2025).
export type LegalDoc = {
  title: string;
  effective: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
};

export const legalEffectiveDate = "6/1/2025";

export const privacy: LegalDoc = {
  title: "Privacy Policy",
  effective: legalEffectiveDate,
  intro:
    "This policy explains what personal information Fine Line Academy collects when you use this website, enrol on a course or contact us, and how we use and protect it, in line with the Nigeria Data Protection Act 2023.",
  sections: [
    {
      heading: "Information we collect",
      paragraphs: [
        "When you send a contact message we collect your full name, email address, phone number, the subject of your message and the message itself.",
        "When you register for a course we collect the details on the registration form: personal details, contact information, address, course selection, identification documents, parental consent, educational background and emergency contact.",
        "Like most websites, our servers record technical information such as your IP address, browser type and the pages you visit, to keep the site secure and working.",
      ],
    },
    {
      heading: "How we use your information",
      paragraphs: [
        "We use your information to answer your enquiries, process your registration, run your course, issue certificates, keep you informed about your studies and meet our legal obligations.",
        "We do not sell your personal information. We do not use it for advertising by third parties.",
      ],
    },
    {
      heading: "Identification documents",
      paragraphs: [
        "Identification documents and certificates you upload are stored privately and can be viewed only by authorised academy staff. They are never published on the website.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "We use a small number of cookies that the site needs to work, such as a cookie that keeps staff signed in and a short-lived cookie that shows you a confirmation message after you submit a form. We do not use advertising cookies.",
        "Videos embedded on the site load from YouTube's privacy-enhanced mode only when you choose to play them.",
      ],
    },
    {
      heading: "How long we keep it",
      paragraphs: [
        "We keep contact messages for up to 2 years and student records for as long as the law and awarding bodies require for certification.",
      ],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "You may ask to see, correct or delete the personal information we hold about you, or object to how we use it. Contact us using the details below and we will respond within 30 days.",
      ],
    },
  ],
};

export const terms: LegalDoc = {
  title: "Terms and Conditions",
  effective: legalEffectiveDate,
  intro:
    "These terms apply to your use of this website and to registration for courses at Fine Line Academy. By using the site or registering for a course you agree to them.",
  sections: [
    {
      heading: "Registration and fees",
      paragraphs: [
        "A registration form fee of ₦20,000 applies before course payment. It is paid by bank transfer after you submit the registration form, quoting the reference you are given, and is not refundable.",
        "A place on a course is confirmed only when the academy has received your registration and your course payment as agreed with the admissions office.",
      ],
    },
    {
      heading: "Courses and schedules",
      paragraphs: [
        "Crash courses run for 3 months; full courses run for 1 to 3 years in 3 sessions a year. We may change timetables, tutors or venues where necessary and will tell enrolled students in good time.",
        "NVQ certification depends on meeting the assessment requirements of the awarding body.",
      ],
    },
    {
      heading: "Conduct",
      paragraphs: [
        "Students must follow the academy's health, safety and hygiene rules in the salon, studio and classrooms, and treat clients, staff and fellow students with respect.",
      ],
    },
    {
      heading: "Job postings",
      paragraphs: [
        "Job postings on our blog are published on behalf of employers. The academy does not guarantee any job and is not party to any employment that results. Always check an employer before sharing personal details.",
      ],
    },
    {
      heading: "Use of the website",
      paragraphs: [
        "The content of this website belongs to Fine Line Academy unless stated otherwise. You may view and share it for personal, non-commercial use. You must not misuse the site, attempt to break its security or submit false information.",
        "The information on this site is general information only and may change without notice. Your use of it is at your own risk.",
      ],
    },
    {
      heading: "Governing law",
      paragraphs: [
        "These terms are governed by the laws of the Federal Republic of Nigeria and the courts of Lagos State.",
      ],
    },
  ],
};

// The footer's long disclaimer (docs/product.md §1: general information only, use at the reader's own risk).
export const disclaimer =
  "The information on this website is provided by Fine Line Academy for general information purposes only. While we endeavour to keep course details, fees, schedules and job postings up to date and correct, we make no representations or warranties of any kind, express or implied, about the completeness, accuracy, reliability or availability of the website or the information, courses, job postings or related graphics it contains. Job postings are published on behalf of third-party employers, and the academy is not party to any resulting employment. Any reliance you place on such information is therefore strictly at your own risk. In no event will we be liable for any loss or damage, including without limitation indirect or consequential loss or damage, arising from or in connection with the use of this website. Links to other websites are not under our control and do not imply a recommendation or endorsement of the views expressed within them.";
