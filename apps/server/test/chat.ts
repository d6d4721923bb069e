import { randomUUID } from "node:crypto";
import { type Message, MessageSchema } from "@parley/protocol";
import { expect } from "vitest";
import type { TestApp } from "./build-test-app.js";
import type { TestUser } from "./factories.js";
import { openSocket, type TestSocket } from "./ws-client.js";

/**
 * What the chat's tests do again and again, over one test app (asked for when used: the
 * app starts in a beforeAll): a call as a user in English, a text sent (checked stored),
 * a message as the user's chat page shows it, a socket bound as the user.
 */
export function chatHelpers(app: () => TestApp) {
  const post = (user: TestUser, path: string, body: object = {}) =>
    app().post(`/enterprise/${path}`, body, {
      token: user.token,
      headers: { "Accept-Language": "en" },
    });

  /** A text from one user to a user id or `group-N`; `extra` adds fields (at, pid). */
  async function sendText(
    from: TestUser,
    to: number | string,
    content = "hello",
    extra: object = {},
  ): Promise<Message> {
    const res = await post(from, "im/sendMessage", {
      id: randomUUID(),
      type: "text",
      content,
      toContactId: to,
      is_group: typeof to === "string" ? 1 : 0,
      ...extra,
    });
    expect(res.code, res.msg).toBe(0);
    return MessageSchema.parse(res.data);
  }

  /** The message with this client id on the newest page of the user's chat. */
  async function shownMessage(
    user: TestUser,
    chat: number | string,
    id: string,
    extra: object = {},
  ): Promise<Message | undefined> {
    const res = await post(user, "im/getMessageList", {
      toContactId: chat,
      is_group: typeof chat === "string" ? 1 : 0,
      page: 1,
      limit: 50,
      ...extra,
    });
    expect(res.code, res.msg).toBe(0);
    return (res.data as Message[]).find((m) => m.id === id);
  }

  /** A socket bound as the user. */
  async function boundSocket(user: TestUser): Promise<TestSocket> {
    const socket = await openSocket(app().url);
    await socket.bind(user.token);
    return socket;
  }

  return { post, sendText, shownMessage, boundSocket };
}
