// ESLint 9 flat config: the recommended rules of JavaScript, TypeScript, React hooks and
// accessibility (jsx-a11y), for the web tier (browser + Node), the API and the scripts/tests.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "public/build/", ".cache/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,cjs,ts,tsx}"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
  },
  // The seam (docs/architecture.md §2): the API and the shared facts never import the web tier,
  // and domain/ imports neither tier, so either can be read, tested and deployed on its own.
  {
    files: ["api/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/*", "**/app/*", "**/app/**"], message: "api/ must not import app/ (docs/architecture.md)." },
          ],
        },
      ],
    },
  },
  {
    files: ["domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/*", "@api/*", "**/app/*", "**/app/**", "**/api/*", "**/api/**"],
              message: "domain/ imports neither app/ nor api/ (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
);
