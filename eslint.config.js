import js from "@eslint/js";
import i18next from "eslint-plugin-i18next";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import bans for every server file: the server never imports the web app. */
const SERVER_EVERYWHERE = [
  {
    group: ["@parley/web", "**/apps/web/**"],
    message: "The server never imports the web app.",
  },
];

/** The web app never imports the server (kept in every web no-restricted-imports entry). */
const webNeverServer = {
  group: ["@parley/server", "**/apps/server/**"],
  message: "The web app never imports the server.",
};

/** A file inside some feature folder, reached from `prefix` (the climb back to features/). */
const featureInternals = (prefix) => ({
  regex: `^${prefix}[^./][^/]*/.+`,
  message: "Import another feature through its index.ts only (HOUSE-STYLE §2).",
});

/** Named exports only (HOUSE-STYLE §4): kept in every no-restricted-syntax entry. */
const NO_DEFAULT_EXPORT = {
  selector: "ExportDefaultDeclaration",
  message: "Named exports only (HOUSE-STYLE §4).",
};

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", "coverage/**"] },
  js.configs.recommended,
  // typescript-eslint's strict rules that read no types. Its type-aware rules (the rest of
  // strictTypeChecked) run in oxlint's tsgolint on TypeScript 7's compiler (.oxlintrc.json;
  // `npm run lint` runs both): the same rules in seconds instead of a minute and a half
  // (docs/CI-TIMES.md). A directive for one of them is `oxlint-disable…`.
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-syntax": ["error", NO_DEFAULT_EXPORT],
    },
  },
  {
    files: ["**/*.config.ts", "eslint.config.js"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // Test files of a vitest project share one module graph (isolate: false): a module
    // mocked in one file stays mocked in every module first loaded while it ran, for the
    // files after it. Stub what crosses the boundary instead (fetch, a socket, a timer).
    files: ["apps/*/src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        NO_DEFAULT_EXPORT,
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message:
            "Test files share one module graph: stub fetch or the socket instead of mocking a module (it stays mocked for later files).",
        },
      ],
    },
  },
  {
    // The service worker: plain script in the worker's scope (issue 11).
    files: ["apps/web/public/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
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
          // Classic zod's schemas carry every method, so a bundle takes all of zod with
          // the first schema; zod/mini's functions are taken one by one (benchmarks.md
          // F1: /login 167 → 151 kB).
          paths: [
            {
              name: "zod",
              message:
                'Use "zod/mini" in protocol: the web client bundles these schemas (F1).',
            },
          ],
        },
      ],
    },
  },
  // Flat config replaces a rule per file rather than merging it, so each server block
  // repeats the patterns that hold everywhere on the server.
  {
    files: ["apps/server/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: SERVER_EVERYWHERE }],
    },
  },
  {
    files: ["apps/server/src/**/*.routes.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...SERVER_EVERYWHERE,
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
    files: ["apps/server/src/**/*.service.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...SERVER_EVERYWHERE,
            {
              group: ["kysely", "**/db/database.js", "**/db/repository.js"],
              message:
                "Services hold the rules; SQL lives in repositories (HOUSE-STYLE §2a).",
            },
            {
              group: ["**/realtime/**"],
              message:
                "Services publish through ctx.publish; they never import the gateway or the hub.",
            },
            {
              group: ["../*/*.repository.js"],
              message:
                "A service calls another feature's service, never its repository.",
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
            ...SERVER_EVERYWHERE,
            {
              group: ["fastify", "**/realtime/**", "**/*.service.js"],
              message: "Repositories hold SQL only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/src/realtime/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...SERVER_EVERYWHERE,
            {
              group: ["**/features/**"],
              message: "The realtime layer knows no feature.",
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
      "no-restricted-imports": ["error", { patterns: [webNeverServer] }],
    },
  },
  {
    // The login screen and what every screen loads first carry no antd (benchmarks.md F1:
    // antd's shell is a lazy chunk, app/AntShell.tsx). Types alone are erased: allowed.
    files: [
      "apps/web/src/main.tsx",
      "apps/web/src/app/{App,Guard,Startup,RenderErrorBoundary,router,guards}.{ts,tsx}",
      "apps/web/src/components/LanguageMenu.tsx",
      "apps/web/src/components/light/**/*.{ts,tsx}",
      "apps/web/src/lib/{feedback,lazy,redirect,storage}.ts",
      "apps/web/src/api/http.ts",
      "apps/web/src/i18n/{index,namespaces}.ts",
      "apps/web/src/features/accounts/{accounts.queries,code-channels,login-rules,useCodeSender}.ts",
      "apps/web/src/features/accounts/pages/LoginPage.tsx",
      "apps/web/src/features/accounts/components/AccountsLayout.tsx",
    ],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        NO_DEFAULT_EXPORT,
        {
          selector:
            "ImportDeclaration[importKind!='type'][source.value=/^(antd|@ant-design\\/icons)(\\/|$)/], ImportExpression[source.value=/^(antd|@ant-design\\/icons)(\\/|$)/]",
          message:
            "The login screen loads no antd (benchmarks.md F1): draw it with components/light.",
        },
      ],
    },
  },
  {
    // HOUSE-STYLE §2: the shared layers know no feature.
    files: [
      "apps/web/src/{api,components,hooks,lib,stores,i18n}/**/*.{ts,tsx}",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            webNeverServer,
            {
              regex: "^\\.\\.?/(.*/)?(features|app)(/|$)",
              message:
                "api/, components/, hooks/, lib/, stores/ and i18n/ never import a feature or app/.",
            },
          ],
        },
      ],
    },
  },
  // app/ composes features through their index.ts only (app/ itself, and its folders).
  ...[1, 2].map((depth) => ({
    files: [`apps/web/src/app/${"*/".repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            webNeverServer,
            featureInternals(`${"(\\.\\./)".repeat(depth)}features/`),
          ],
        },
      ],
    },
  })),
  // A feature sees another only through its index.ts, and never app/. Relative paths climb
  // back to features/ one level per folder, hence one entry per depth.
  ...[1, 2, 3].map((depth) => ({
    files: [`apps/web/src/features/*/${"*/".repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            webNeverServer,
            featureInternals("(\\.\\./)".repeat(depth)),
            {
              regex: `^${"(\\.\\./)".repeat(depth)}\\.\\./app(/|$)`,
              message: "Features never import app/: app/ composes them.",
            },
          ],
        },
      ],
    },
  })),
  // A feature's screens call the server through its query module (<x>.queries.ts), never
  // with api/http's calls themselves: one way to make a call (issue 42).
  ...[2, 3].map((depth) => ({
    files: [
      `apps/web/src/features/*/{components,pages}/${"*/".repeat(depth - 2)}*.{ts,tsx}`,
    ],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            webNeverServer,
            featureInternals("(\\.\\./)".repeat(depth)),
            {
              regex: `^${"(\\.\\./)".repeat(depth)}\\.\\./app(/|$)`,
              message: "Features never import app/: app/ composes them.",
            },
            {
              regex: "/api/http$",
              importNames: ["call", "callForm", "upload"],
              message:
                "Screens call the server through their feature's <x>.queries.ts (one way to make a call).",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ["apps/web/**/*.test.{ts,tsx}", "apps/web/e2e/**"],
    rules: { "i18next/no-literal-string": "off" },
  },
);
