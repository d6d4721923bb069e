import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { useChatUiStore } from "../../../stores/chat-ui.store";
import { Editor } from "./Editor";

// The `@` picker's code arrives when the test lets it: until then the plain field stands in.
const picker = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive, arrived };
});
// eslint-disable-next-line no-restricted-syntax -- the module itself, only late (or once offline): nothing else sees a stand-in
vi.mock("./editor-mentions", async (importOriginal) => {
  await picker.arrived;
  return importOriginal();
});

beforeAll(async () => {
  stubLayout();
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces("messages");
});

describe("a group's editor", () => {
  it("keeps the caret where typing left it when the @ picker's code arrives mid-word", async () => {
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <Editor
          contactId="group-1"
          sendKey={1}
          mentionables={[
            { id: "7", name: "Ann", name_py: "ann", avatar: "" },
            { id: "8", name: "Bob", name_py: "bob", avatar: "" },
          ]}
          onSend={vi.fn()}
          onSendFiles={vi.fn()}
        />
      </I18nextProvider>,
    );
    const plain = screen.getByRole("textbox", { name: "Message" });
    await user.type(plain, "@A");
    picker.arrive();
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Message" })).not.toBe(plain),
    );
    const withPicker = screen.getByRole("textbox", { name: "Message" });
    expect(withPicker).toHaveFocus();
    await user.keyboard("n");
    expect(withPicker).toHaveValue("@An");
    expect(withPicker).toHaveProperty("selectionStart", 3);
    // (The picker opening on it is Editor.screen.test.tsx's: jsdom draws no antd dropdown.)
  });
});

describe("editing my message (extensions.md §2)", () => {
  it("takes the message's text, saves it with Enter and gives back what was typed before", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    const onEdit = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <Editor
          contactId={2}
          sendKey={1}
          onSend={onSend}
          onEdit={onEdit}
          onSendFiles={vi.fn()}
        />
      </I18nextProvider>,
    );
    const field = screen.getByRole("textbox", { name: "Message" });
    await user.type(field, "half a thought");
    useChatUiStore.getState().startEdit(2, "m9", "teh typo");
    await waitFor(() => expect(field).toHaveValue("teh typo"));
    expect(screen.getByTestId("edit-bar")).toHaveTextContent("Editing message");
    expect(screen.getByRole("button", { name: /Save/ })).toBeEnabled();
    await user.clear(field);
    await user.type(field, "the typo{Enter}");
    expect(onEdit).toHaveBeenCalledWith("m9", "the typo", []);
    expect(onSend).not.toHaveBeenCalled();
    expect(field).toHaveValue("half a thought");
    expect(screen.queryByTestId("edit-bar")).toBeNull();
    expect(useChatUiStore.getState().editing).toBeNull();
  });

  it("Esc cancels, and Up in an empty editor asks for my last message", async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    const onEditLast = vi.fn(() => {
      useChatUiStore.getState().startEdit(3, "m1", "my last");
      return true;
    });
    render(
      <I18nextProvider i18n={i18n}>
        <Editor
          contactId={3}
          sendKey={1}
          onSend={vi.fn()}
          onEdit={onEdit}
          onEditLast={onEditLast}
          onSendFiles={vi.fn()}
        />
      </I18nextProvider>,
    );
    const field = screen.getByRole("textbox", { name: "Message" });
    await user.click(field);
    await user.keyboard("{ArrowUp}");
    expect(onEditLast).toHaveBeenCalledOnce();
    await waitFor(() => expect(field).toHaveValue("my last"));
    await user.keyboard("{Escape}");
    expect(field).toHaveValue("");
    expect(onEdit).not.toHaveBeenCalled();
    expect(useChatUiStore.getState().editing).toBeNull();
    // With text in it, Up moves the caret as always: no edit.
    await user.type(field, "x{ArrowUp}");
    expect(onEditLast).toHaveBeenCalledOnce();
  });
});
