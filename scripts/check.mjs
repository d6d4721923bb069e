#!/usr/bin/env node
// `npm run check`: what CI runs. The format check, the linter, the type checker, the unit
// suites and the build at once (none of them keeps two cores busy for long: together they
// take about the time of the longest, the linter); then, when all passed, the browser
// flows and the server suites on PostgreSQL, as `npm test` runs them.
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
await runAtOnce([...staticChecks, unitSuites, build]);
runInTurn(browserFlows);
runInTurn(postgresSuites);
