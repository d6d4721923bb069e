import type { Message, ServerEventMap } from "@parley/protocol";
import { QueryClient } from "@tanstack/react-query";
import { act, render, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import { makeMessage } from "../../../../test/factories";
import type { RealtimeContext } from "../../../api/socket";
import { i18n } from "../../../i18n";
import { typingRealtime } from "../typing";
import { TYPING_SHOWN_MS, useTypingStore } from "../typing.store";
import { TypingLine } from "./TypingLine";

/*
 * "… is typing" (extensions.md §3): one name, two, or several people; for 6 s after each
 * typer's last event; never for myself; gone when their message arrives.
 */
beforeAll(async () => {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces("messages");
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  useTypingStore.getState().clear();
  vi.useRealTimers();
});

const ME = 1;
const ctx: RealtimeContext = {
  client: new QueryClient(),
  me: ME,
  navigate: vi.fn(),
};

function typing(
  user_id: number,
  realname: string,
  toContactId: number | string,
) {
  const data: ServerEventMap["typing"] = {
    user_id,
    realname,
    toContactId,
    is_group: typeof toContactId === "string" ? 1 : 0,
  };
  act(() => {
    typingRealtime.events?.typing?.(data, ctx);
  });
}

function arrives(message: Message) {
  act(() => {
    if (message.is_group === 1) typingRealtime.events?.group?.(message, ctx);
    else typingRealtime.events?.simple?.(message, ctx);
  });
}

function pass(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function renderLine(contactId: number | string) {
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <TypingLine contactId={contactId} />
    </I18nextProvider>,
  );
  return () => within(container).getByRole("status").textContent;
}

describe("the typing line", () => {
  it("names one typer for 6 s after their last event, then goes", () => {
    const line = renderLine(5);
    expect(line()).toBe("");
    typing(5, "Ann", 5);
    expect(line()).toBe("Ann is typing…");
    pass(TYPING_SHOWN_MS - 1_000);
    typing(5, "Ann", 5);
    pass(TYPING_SHOWN_MS - 1);
    expect(line()).toBe("Ann is typing…");
    pass(1);
    expect(line()).toBe("");
  });

  it("names two typers, then says several people for three, each leaving on their own time", () => {
    const line = renderLine("group-4");
    typing(5, "Ann", "group-4");
    pass(1_000);
    typing(6, "Bob", "group-4");
    expect(line()).toBe("Ann and Bob are typing…");
    typing(7, "Cat", "group-4");
    expect(line()).toBe("Several people are typing…");
    // Another chat's typer is not this chat's.
    typing(8, "Dan", 9);
    pass(TYPING_SHOWN_MS - 1_000);
    expect(line()).toBe("Bob and Cat are typing…");
    pass(1_000);
    expect(line()).toBe("");
  });

  it("never shows me, and ends a typer's line when their message arrives", () => {
    const line = renderLine("group-4");
    typing(ME, "Me", "group-4");
    expect(line()).toBe("");
    typing(5, "Ann", "group-4");
    typing(6, "Bob", "group-4");
    arrives({
      ...makeMessage(1, 5),
      is_group: 1,
      toContactId: "group-4",
      from_user: 5,
    });
    expect(line()).toBe("Bob is typing…");

    const personal = renderLine(6);
    typing(6, "Bob", 6);
    expect(personal()).toBe("Bob is typing…");
    arrives({ ...makeMessage(2, 6), toContactId: 6, from_user: 6 });
    expect(personal()).toBe("");
  });
});
