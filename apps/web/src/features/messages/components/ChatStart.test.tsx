import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../i18n";
import { ChatStart, type ChatStartKind } from "./ChatStart";

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces("messages");
});

const renderStart = (kind: ChatStartKind, onAddFriend?: () => void) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ChatStart
        kind={kind}
        onFind={vi.fn()}
        onBrowse={vi.fn()}
        onAddFriend={onAddFriend}
      />
    </I18nextProvider>,
  );

describe("the empty chat pane", () => {
  it("in run mode 2, a new user is offered a friend request first", async () => {
    const onAddFriend = vi.fn();
    renderStart("nobody", onAddFriend);
    expect(screen.getByText("No friends yet")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add a friend" }));
    expect(onAddFriend).toHaveBeenCalledOnce();
  });

  it("in run mode 1, nobody to talk to offers no dead-end buttons", () => {
    renderStart("nobody");
    expect(screen.getByText("Nobody else is here yet")).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("in run mode 2, friends without a chat yet are not told they have no friends", async () => {
    const onAddFriend = vi.fn();
    renderStart("noChats", onAddFriend);
    expect(screen.queryByText("No friends yet")).toBeNull();
    expect(screen.getByText("Start a conversation")).toBeInTheDocument();
    expect(
      screen.getByRole("button", { name: "Find someone" }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /Add a friend/ }));
    expect(onAddFriend).toHaveBeenCalledOnce();
  });

  it("with chats to pick, the pane points at them even in run mode 2", () => {
    renderStart("pick", vi.fn());
    expect(screen.getByText("Pick a chat on the left")).toBeInTheDocument();
  });
});
