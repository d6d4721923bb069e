import js from "@eslint/js";
import i18next from "eslint-plugin-i18next";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            "vitest.config.ts",
            "eslint.config.js",
            "scripts/*.mjs",
            "bench/*.mjs",
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/switch-exhaustiveness-check": "error",
      "@typescript-eslint/restrict-template-expressions": [
        "error",
        { allowNumber: true },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-confusing-void-expression": "off",
      "no-restricted-syntax": [
        "error",
        {
          selector: "ExportDefaultDeclaration",
          message: "Named exports only (HOUSE-STYLE §4).",
        },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["**/*.config.ts", "eslint.config.js"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    files: ["packages/protocol/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "node:*",
                "fastify",
                "react",
                "@parley/server",
                "@parley/web",
              ],
              message: "protocol depends on zod only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@parley/web", "**/apps/web/**"],
              message: "The server never imports the web app.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/src/**/*.routes.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["kysely", "**/*.repository.js", "**/db/*"],
              message: "Routes call services; they never touch the database.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/src/**/*.repository.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["fastify", "**/realtime/**"],
              message: "Repositories hold SQL only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, i18next },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // UI text comes from the locale files (HOUSE-STYLE §6).
      "i18next/no-literal-string": ["error", { mode: "jsx-text-only" }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@parley/server", "**/apps/server/**"],
              message: "The web app never imports the server.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/web/**/*.test.{ts,tsx}", "apps/web/e2e/**"],
    rules: { "i18next/no-literal-string": "off" },
  },
);
