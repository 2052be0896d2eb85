// The team (home shows the first 4 of 7; about shows 4). Social links are static and empty
// (docs/product.md §2), so they are shown as labels, not links.
export type TeamMember = { name: string; position: string; initials: string; colour: string };

export const team: TeamMember[] = [
  { name: "Folake Adebayo", position: "Founder & Creative Director", initials: "FA", colour: "#8a1c5c" },
  { name: "Grace Effiong", position: "Head of Hairdressing", initials: "GE", colour: "#6b3a9b" },
  { name: "Adaeze Okafor", position: "Lead Skincare Tutor", initials: "AO", colour: "#b0466a" },
  { name: "Femi Lawal", position: "Photography Tutor", initials: "FL", colour: "#2f7a52" },
  { name: "Ngozi Umeh", position: "Fashion Design Tutor", initials: "NU", colour: "#a5631b" },
  { name: "Tunde Bakare", position: "Graphics Design Tutor", initials: "TB", colour: "#c2501f" },
  { name: "Kemi Adeyemi", position: "Content Creation Tutor", initials: "KA", colour: "#2d5f9a" },
];

export const teamSocials = ["fb", "ig", "in", "x"] as const;
