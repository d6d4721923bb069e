#!/usr/bin/env node
// Runs every test: the vitest projects (protocol, server on SQLite, web), the browser
// flows on the built product, and with TEST_DATABASE_URL the server suites again on
// PostgreSQL (and Redis, with TEST_REDIS_URL). Installs Debian's Chromium, its headless
// shell and CJK fonts first when the browser flows need them and they are missing.
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
// The unit suites keep about 1.5 cores busy and the build the rest.
await runAtOnce([unitSuites, build]);
runInTurn(browserFlows);
runInTurn(postgresSuites);
