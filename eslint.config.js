import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import architecture from "./eslint-rules/architecture.mjs";

export default tseslint.config(
  { ignores: ["build/**", "build-*/**", "node_modules/**", ".react-router/**", "data/**", "test-results/**", "bench/.tools/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, architecture },
    rules: {
      "architecture/layers": "error",
      "architecture/no-cycle": "error",
      // A file a person can hold in their head (decision 012).
      "max-lines": ["error", { max: 600 }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../../*"], message: "Use the #app/* alias instead of deep relative imports." },
          ],
        },
      ],
    },
  },
  {
    // The site's built-in copy is data, not code to read through.
    files: ["app/content/site.ts", "app/content/pages.ts"],
    rules: { "max-lines": "off" },
  },
  {
    files: ["test/**", "e2e/**", "**/*.test.ts", "**/*.test.tsx", "bench/**", "scripts/**"],
    rules: { "no-restricted-imports": "off" },
  },
);
