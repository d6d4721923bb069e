import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach } from "vitest";
import { openContexts } from "./harness";

/** Where a failed flow leaves its pictures and traces (`npx playwright show-trace <zip>`). */
export const FAILURES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "failures",
);

const fileName = (text: string) =>
  text.replace(/[^\p{L}\p{N}]+/gu, "-").slice(0, 80);

/*
 * After every flow, each open browser context's trace chunk is closed: kept with a picture
 * of each of its pages when the flow failed, dropped otherwise; a new chunk starts for the
 * next flow.
 */
beforeEach(({ task, onTestFinished }) => {
  onTestFinished(async () => {
    const failed = task.result?.state === "fail";
    const name = fileName(`${path.basename(task.file.name)}-${task.name}`);
    let n = 0;
    for (const context of openContexts) {
      n += 1;
      try {
        if (failed) {
          fs.mkdirSync(FAILURES, { recursive: true });
          let p = 0;
          for (const page of context.pages()) {
            p += 1;
            await page.screenshot({
              path: path.join(FAILURES, `${name}-${n}-${p}.png`),
              timeout: 5_000,
            });
          }
          await context.tracing.stopChunk({
            path: path.join(FAILURES, `${name}-${n}.zip`),
          });
        } else await context.tracing.stopChunk();
        await context.tracing.startChunk();
      } catch (error) {
        // A context closing or a page hung: the other contexts' artifacts still count.
        console.warn(`failure artifacts of context ${n}: ${String(error)}`);
      }
    }
  });
});
