// ESLint 9 flat config: the recommended rules of JavaScript, TypeScript, React hooks and
// accessibility (jsx-a11y), for the web tier (browser + Node), the API and the scripts/tests.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The web tier reaches the API only through @api/embedded (docs/architecture.md §1). */
const throughEmbedded = {
  group: ["@api/*", "!@api/embedded", "**/api/*", "**/api/**"],
  message: "app/ reaches the API only through @api/embedded (docs/architecture.md).",
};
/** The registration form and the status page share through app/features/journey/, never each other. */
const notEachOther = (other) => ({
  group: [`~/features/${other}/*`, `~/features/${other}/**`, `../${other}/*`, `../${other}/**`],
  message: `the registration form and the status page import each other only through what they share: app/features/journey/ (docs/architecture.md).`,
});

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
  // One import order everywhere, so a file's dependencies read the same way in every folder:
  // side effects, Node's own modules, packages, then this project by alias (domain/, api/, the
  // web tier's ~/), then relative paths. `eslint --fix` (npm run lint -- --fix) sorts them.
  {
    files: ["**/*.{js,mjs,cjs,ts,tsx}"],
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "simple-import-sort/imports": [
        "error",
        { groups: [["^\\u0000"], ["^node:"], ["^@?\\w"], ["^(@domain|@api|~)(/.*|$)"], ["^\\."]] },
      ],
      "simple-import-sort/exports": "error",
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
  // The web tier's own floors (docs/architecture.md §2): it reaches the API only through
  // @api/embedded; infrastructure (utils) and the upstream client import no feature; the upstream
  // client builds on no util either, so every floor can be read without the one above it.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/**", "app/utils/**", "app/upstream/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [throughEmbedded],
        },
      ],
    },
  },
  {
    files: ["app/features/registration/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [throughEmbedded, notEachOther("application")] }] },
  },
  {
    files: ["app/features/application/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [throughEmbedded, notEachOther("registration")] }] },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            throughEmbedded,
            {
              group: ["~/features/*", "~/features/**", "~/upstream/*", "!~/upstream/schemas"],
              message:
                "app/components/ imports no feature and no upstream internals, only its answers' types (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/utils/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            throughEmbedded,
            {
              group: ["~/features/*", "~/features/**"],
              message: "app/utils/ imports no feature (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/upstream/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            throughEmbedded,
            {
              group: ["~/features/*", "~/features/**", "~/utils/*", "~/utils/**"],
              message: "app/upstream/ imports no feature and no util (docs/architecture.md).",
            },
          ],
        },
      ],
    },
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
  // An API route borrows from api/lib/, never from another route.
  {
    files: ["api/routes/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/*", "**/app/*", "**/app/**"], message: "api/ must not import app/ (docs/architecture.md)." },
            {
              group: ["./*", "../routes/*"],
              message: "an API route imports no other route: share it through api/lib/.",
            },
          ],
        },
      ],
    },
  },
  // The API's helpers are read by its routes, never the other way round.
  {
    files: ["api/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/*", "**/app/*", "**/app/**"], message: "api/ must not import app/ (docs/architecture.md)." },
            { group: ["../routes/*", "../routes/**"], message: "api/lib/ imports no route (docs/architecture.md)." },
            {
              group: ["../http", "../http.ts"],
              message: "api/lib/ knows no request: take values as arguments; `fail` is ./fail (docs/architecture.md).",
            },
          ],
        },
      ],
      // The input schemas' types are the contract a helper is called with; their code stays the routes'.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../validation", "../validation/*"],
              allowTypeImports: true,
              message: "api/lib/ may name an input schema's type, never run a schema: the routes check input.",
            },
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
