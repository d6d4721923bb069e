import fs from "node:fs";
import path from "node:path";
import { openApiDocument } from "./document.js";

/*
 * `npm run build` of the server writes the API's description beside the built server
 * (`dist/openapi.json`), which `GET /api/openapi.json` then serves as it is.
 */
const target = path.join(import.meta.dirname, "openapi.json");
fs.writeFileSync(target, `${JSON.stringify(openApiDocument(), null, 1)}\n`);
process.stdout.write(`Wrote ${target}\n`);
