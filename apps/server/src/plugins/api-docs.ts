import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { openApiDocument } from "../openapi/document.js";

/*
 * The API's description (issue 48, extensions.md §9): `GET /api/openapi.json`, readable
 * without a session, written at build time beside the built server (`dist/openapi.json`,
 * `npm run build`) and made from the protocol when there is none (tests, `npm run dev`);
 * `GET /api/docs` shows it with Swagger UI, its files served from this server (no
 * foreign script: the CSP stays as it is), fetched only by whoever opens the page.
 */

const require = createRequire(import.meta.url);

/** The built description, else one made now (once). */
function loadDocument(): () => string {
  let text: string | undefined;
  return () => {
    if (text !== undefined) return text;
    const built = path.join(import.meta.dirname, "openapi.json");
    text = fs.existsSync(built)
      ? fs.readFileSync(built, "utf8")
      : JSON.stringify(openApiDocument());
    return text;
  };
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parley API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  tryItOutEnabled: false,
  // Each part opens when clicked: Swagger UI 5 stopped drawing after the first part when
  // all of 147 calls were open at once.
  docExpansion: "none",
});
`;

export function registerApiDocs(app: FastifyInstance): void {
  const document = loadDocument();
  app.get("/api/openapi.json", (_request, reply) =>
    reply
      .type("application/json; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .send(document()),
  );
  app.get("/api/docs", (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(PAGE),
  );
  app.get("/api/docs/init.js", (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").send(INIT),
  );
  const root = path.dirname(require.resolve("swagger-ui-dist/package.json"));
  void app.register(fastifyStatic, {
    root,
    prefix: "/api/docs/assets/",
    decorateReply: false,
    wildcard: true,
    allowedPath: (name) => /^\/?swagger-ui(-bundle\.js|\.css)$/.test(name),
  });
}
