import type { PushService } from "./push.service.js";

/** Web Push for a message sent to people not looking. */
export type MessagePush = Pick<PushService, "messageSent">;
