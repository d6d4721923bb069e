import type { FastifyBaseLogger as Logger } from "fastify";
import type { Presence, Publish } from "../../context.js";

/** The topic console sockets join with `manage/index/index` (wire-contract.md §2.8, §3.6). */
export const CONSOLE_TOPIC = "admin-manage";

/** Sockets that come and go within this long are told about once. */
const STATISTICS_DELAY_MS = 500;

/**
 * The console home's live figures (`statistics`: users online, sockets bound, over every
 * process), pushed to the sockets that joined the console topic when sockets come and go.
 * A burst of binds (a reconnect storm) sends one push per process, not one per socket.
 */
export class StatisticsPusher {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: {
      presence: Presence;
      publish: Publish;
      logger: Logger;
    },
  ) {}

  /** A socket bound or went: the figures go out a moment later. */
  changed(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.push();
    }, STATISTICS_DELAY_MS);
    this.timer.unref();
  }

  private async push(): Promise<void> {
    try {
      const totals = await this.deps.presence.totals();
      await this.deps.publish.toTopic(CONSOLE_TOPIC, "statistics", {
        onlineCount: totals.users,
        clientCount: totals.sockets,
      });
    } catch (error) {
      this.deps.logger.warn({ err: String(error) }, "statistics not pushed");
    }
  }
}
