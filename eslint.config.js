import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".react-router/**", "data/**", "test-results/**", "bench/.tools/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
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
    files: ["test/**", "e2e/**", "**/*.test.ts", "**/*.test.tsx", "bench/**", "scripts/**"],
    rules: { "no-restricted-imports": "off" },
  },
);
