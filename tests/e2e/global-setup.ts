import fs from "node:fs";

// The browser tests run the production build; refuse to test a stale or missing one.
export default function globalSetup() {
  if (!fs.existsSync("build/index.js")) throw new Error("No build: run `npm run build` (npm test does it for you).");
}
