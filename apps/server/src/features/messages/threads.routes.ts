import { threads as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { ThreadsService } from "./threads.service.js";

/** Threads (extensions.md §6): a thread, following it, the threads one follows, reading one. */
export function registerThreadRoutes(
  registry: Calls,
  threads: ThreadsService,
): void {
  registry.register(calls.getThread, async (input, ctx) => ({
    data: await threads.thread(
      requireSession(ctx).userId,
      input,
      ctx.publicUrl,
    ),
  }));

  registry.register(calls.followThread, async (input, ctx) => {
    await threads.follow(
      requireSession(ctx).userId,
      input.id,
      input.follow === 1,
    );
    return { data: "" as const };
  });

  registry.register(calls.getThreads, async (input, ctx) => {
    const { data, count } = await threads.followed(
      requireSession(ctx).userId,
      input,
      ctx.publicUrl,
    );
    return { data, count };
  });

  registry.register(calls.readThread, async (input, ctx) => {
    await threads.read(requireSession(ctx).userId, input.id);
    return { data: "" as const };
  });
}
