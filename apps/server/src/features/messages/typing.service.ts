import {
  groupContactId,
  SELF_CHAT_ID,
  type TypingFrame,
} from "@parley/protocol";
import { AppError } from "../../lib/errors.js";
import type { ChatRules } from "./chat-rules.js";
import { groupIdOf } from "./chat-rules.js";
import type { MessagesDeps } from "./messages.deps.js";

/** At most one `typing` event per typer per chat in this time (extensions.md §3). */
export const TYPING_EVERY_MS = 3_000;

/**
 * Typing (extensions.md §3): a `typing` frame becomes the `typing` event for the chat's
 * other party or the group's other members, as each files the chat; never stored, never
 * to the typer's own sockets. Frames within 3 s of the last event, or for a chat the user
 * may not send to, are dropped without a word: the frame is only a hint.
 */
export class TypingService {
  constructor(
    private readonly deps: Pick<
      MessagesDeps,
      "groups" | "publish" | "keys" | "clock"
    >,
    private readonly rules: Pick<ChatRules, "mayReach">,
  ) {}

  /** A user's typing frame. */
  async typing(userId: number, frame: TypingFrame): Promise<void> {
    const chat = frame.toContactId;
    if (chat === SELF_CHAT_ID) return;
    if (!(await this.firstIn3s(userId, chat))) return;
    let realname: string;
    try {
      ({ realname } = await this.rules.mayReach(userId, chat));
    } catch (error) {
      if (error instanceof AppError) return;
      throw error;
    }
    const groupId = groupIdOf(chat);
    const { publish } = this.deps;
    if (groupId === null) {
      await publish.toUsers([Number(chat)], "typing", {
        user_id: userId,
        realname,
        toContactId: userId,
        is_group: 0,
      });
      return;
    }
    const others = (await this.deps.groups.memberIds(groupId)).filter(
      (id) => id !== userId,
    );
    if (others.length === 0) return;
    // Sockets are only online users': the hub reaches the online members and no one else.
    await publish.toUsers(others, "typing", {
      user_id: userId,
      realname,
      toContactId: groupContactId(groupId),
      is_group: 1,
    });
  }

  /**
   * Whether this is the typer's first frame to the chat in 3 s, on every process (a shared
   * key). The key holds when it was taken by our clock: where the store keeps time apart
   * from ours (Redis's own clock, a test's), ours decides, and one process takes it over
   * (the compare-and-delete lets only one through).
   */
  private async firstIn3s(
    userId: number,
    chat: string | number,
  ): Promise<boolean> {
    const { keys, clock } = this.deps;
    const key = `typing:${String(userId)}:${String(chat)}`;
    const now = clock.now();
    if (await keys.claim(key, String(now), TYPING_EVERY_MS)) return true;
    const last = await keys.get(key);
    if (last !== null) {
      if (now - Number(last) < TYPING_EVERY_MS) return false;
      if (!(await keys.release(key, last))) return false;
    }
    return keys.claim(key, String(now), TYPING_EVERY_MS);
  }
}
