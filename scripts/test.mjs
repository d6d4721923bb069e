#!/usr/bin/env node
// Runs every test: the vitest projects (protocol, server on SQLite, web), the browser
// flows on the built product, and with TEST_DATABASE_URL the server suites again on
// PostgreSQL (and Redis, with TEST_REDIS_URL). Installs Debian's Chromium, its headless
// shell and CJK fonts first when the browser flows need them and they are missing, and
// Debian's slapd for the directory-login tests.
// `npm run check` runs the same stages, the first ones beside the static checks.
import {
  browserFlows,
  build,
  installBrowser,
  postgresSuites,
  runAtOnce,
  runInTurn,
  unitSuites,
} from "./stages.mjs";

installBrowser();
// The unit suites, the build and the PostgreSQL run share the two cores; then the flows.
await runAtOnce([unitSuites, build, postgresSuites]);
runInTurn(browserFlows);
