#!/usr/bin/env node
// `npm run check`: what CI runs. The format check, the linters (which type-check), the
// unit suites, the build and, with TEST_DATABASE_URL, the server suites on PostgreSQL at
// once (none of them keeps two cores busy for long); then, when all passed, the browser
// flows, which do. `npm test` runs the same tests in the same order.
import {
  browserFlows,
  build,
  installBrowser,
  postgresSuites,
  runAtOnce,
  runInTurn,
  staticChecks,
  unitSuites,
} from "./stages.mjs";

installBrowser();
await runAtOnce([...staticChecks, unitSuites, build, postgresSuites]);
runInTurn(browserFlows);
