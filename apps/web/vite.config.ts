import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { localeGroupOf, localeGroups } from "./locale-groups";
import {
  groupOfNamespace,
  SERVER_TEXTS_NAMESPACE,
} from "./src/i18n/namespaces";

const api = "http://localhost:8080";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this size a compressed copy saves too little to be worth keeping. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every built script, style sheet and page, once,
 * at the strongest levels: the server sends them as they are (`preCompressed`), so no
 * request pays for compression.
 */
function precompress(): Plugin {
  return {
    name: "parley:precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          if (!/\.(js|css|html|svg|json)$/.test(file.fileName)) return;
          const source = Buffer.from(
            file.type === "chunk" ? file.code : file.source,
          );
          if (source.length < COMPRESS_MIN_BYTES) return;
          const target = path.join(dir, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: 9 }),
          ]);
          await Promise.all([
            writeFile(`${target}.br`, br),
            writeFile(`${target}.gz`, gz),
          ]);
        }),
      );
    },
  };
}

const OWN_SOURCE = /[\\/](apps[\\/]web|packages[\\/]protocol)[\\/]src[\\/]/;
// Ant Design and its rc-component parts import nothing for side effects alone (their styles
// are CSS-in-JS) but do not say so in package.json: told here, a module reached only through
// an index that re-exports it (all of rc-form behind antd's form context, say) stays out.
const PURE_LIBRARY =
  /[\\/]node_modules[\\/](antd|@rc-component[\\/][^\\/]+|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/]es[\\/]/;
const EVERY_SCREEN_LIBRARY =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-i18next|i18next|@tanstack[\\/](react-query|query-core)|react-router|zustand|use-sync-external-store|zod|html-parse-stringify|void-elements)[\\/]/;
const LOCALE = /[\\/]i18n[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/;
/** The protocol's texts of one language (`@parley/protocol/texts/<code>`). */
const SERVER_TEXTS =
  /[\\/]packages[\\/]protocol[\\/]src[\\/]texts[\\/](\w+)\.ts$/;

export default defineConfig({
  plugins: [react(), localeGroups(), precompress()],
  server: {
    port: 5173,
    // In development the API and the socket stay on the server; Vite serves the page.
    proxy: {
      "/common": api,
      "/enterprise": api,
      "/manage": api,
      // The group QR's link: the server redirects it to the join page.
      "/scan": api,
      // Pictures of people and groups, and chat files (after the server's access check).
      "/storage": api,
      "/files": api,
      "/wss": { target: api.replace("http", "ws"), ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // No module of ours is imported for its side effects alone (style sheets are): so
        // a feature's index.ts re-exporting a component does not pull the component into a
        // chunk that only uses the feature's realtime handlers.
        moduleSideEffects: (id) =>
          (OWN_SOURCE.test(id) || PURE_LIBRARY.test(id)) &&
          !/\.css($|\?)/.test(id)
            ? false
            : undefined,
      },
      output: {
        // A chunk's file is its hash alone: its name is written in every import of it and
        // in the page's list of what each lazy screen needs, some 5 kB gzipped on the chat
        // screen. Which modules a chunk holds: build with `--sourcemap hidden` and read
        // the map's `sources`.
        chunkFileNames: "assets/[hash].js",
        codeSplitting: {
          // One chunk per language and namespace group (src/i18n/namespaces.ts, loaded by
          // ./locale-groups.ts): the sign-in page fetches its few texts, never the chat's or
          // the console's, nor the other eleven languages.
          groups: [
            {
              debugName: "locales",
              name: (id) => {
                const group = localeGroupOf(id);
                if (group) return `locale-${group[0]}-${group[1]}`;
                // The protocol's texts of a language count as its server texts' namespace.
                const serverLang = SERVER_TEXTS.exec(id)?.[1];
                const [, lang, ns = ""] = serverLang
                  ? [id, serverLang, SERVER_TEXTS_NAMESPACE]
                  : (LOCALE.exec(id) ?? []);
                if (!lang) return null;
                const ofNs = groupOfNamespace(ns);
                return ofNs ? `locale-${lang}-${ofNs}` : `locale-${lang}`;
              },
              test: (id) =>
                LOCALE.test(id) ||
                SERVER_TEXTS.test(id) ||
                localeGroupOf(id) !== null,
            },
            // The libraries every screen starts with, /login included, as one script: left
            // to the automatic splitting they came in eight pieces, each compressed on its
            // own, some 4 kB (gzipped) more on every first load.
            { name: "vendor", test: EVERY_SCREEN_LIBRARY },
          ],
        },
      },
    },
  },
});
