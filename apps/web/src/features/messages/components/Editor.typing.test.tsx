import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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
import { stubLayout } from "../../../../test/jsdom";
import { stubServer } from "../../../../test/server-stub";
import { realtime } from "../../../api/socket";
import { i18n } from "../../../i18n";
import { useChatUiStore } from "../../../stores/chat-ui.store";
import { TYPING_SEND_EVERY_MS } from "../typing";
import { Editor } from "./Editor";

/*
 * Typing (extensions.md §3): the editor tells the chat I am typing at most once in 3 s,
 * never for empty text, and not after a send until I type again.
 */
beforeAll(async () => {
  stubLayout();
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces("messages");
});
// Only the clock is faked (the throttle reads it); the editor's own timers run as they do.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  stubServer(() => ({ code: 0, data: "" }));
  useChatUiStore.setState({ drafts: {}, quotes: {} });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function pass(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}

function renderEditor(contactId: number | string, onSend = vi.fn()) {
  const send = vi.spyOn(realtime, "send").mockReturnValue(true);
  render(
    <I18nextProvider i18n={i18n}>
      <Editor
        contactId={contactId}
        sendKey={1}
        onSend={onSend}
        onSendFiles={vi.fn()}
      />
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  return {
    send,
    user,
    field: screen.getByRole("textbox", { name: "Message" }),
  };
}

describe("the editor's typing frames", () => {
  it("sends one at the first key, none more within 3 s, and one again after", async () => {
    const { send, user, field } = renderEditor(5);
    await user.type(field, "h");
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      type: "typing",
      toContactId: 5,
      is_group: 0,
    });
    await user.type(field, "ello");
    pass(TYPING_SEND_EVERY_MS - 500);
    await user.type(field, "!");
    expect(send).toHaveBeenCalledTimes(1);

    pass(500);
    await user.type(field, "?");
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("sends nothing for empty text, nor after a send until typing resumes; a group's says so", async () => {
    const onSend = vi.fn();
    const { send, user, field } = renderEditor("group-4", onSend);
    await user.type(field, "   ");
    expect(send).not.toHaveBeenCalled();

    await user.type(field, "hi");
    expect(send).toHaveBeenCalledWith({
      type: "typing",
      toContactId: "group-4",
      is_group: 1,
    });
    await user.keyboard("{Enter}");
    expect(onSend).toHaveBeenCalledWith("hi", [], undefined);
    expect(field).toHaveValue("");
    pass(TYPING_SEND_EVERY_MS * 3);
    expect(send).toHaveBeenCalledTimes(1);

    await user.type(field, "x");
    await user.keyboard("{Backspace}");
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("sends nothing in the chat with myself", async () => {
    const { send, user, field } = renderEditor(-1);
    await user.type(field, "a note");
    expect(send).not.toHaveBeenCalled();
  });
});
