import type { Contact } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  makeConfig,
  makeContact,
  makeSelfChat,
} from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { systemInfoQuery } from "../../system";
import { ChooseChatDialog, chatTargets } from "./ChooseChatDialog";

/*
 * SPEC §2 "Choose-chat dialog" and §5: a transfer of my chats, found by name or pinyin;
 * nothing chosen and more than five are refused with SPEC's words, one to five go on.
 */
const SLOW_MS = 20_000;

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});

const people = [
  makeContact(2, { displayName: "张三", name_py: "zhangsan" }),
  ...[3, 4, 5, 6, 7, 8].map((id) => makeContact(id)),
];
const group = makeContact(0, {
  id: "group-9",
  displayName: "Design team",
  name_py: "designteam",
  is_group: 1,
});

function renderDialog(onConfirm: (targets: Contact[]) => Promise<void>) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const config = makeConfig();
  // Run mode 2 shows the system entry in the chat list: the dialog must not offer it.
  client.setQueryData(systemInfoQuery.queryKey, {
    ...config,
    sysInfo: { ...config.sysInfo, runMode: "2" },
  });
  client.setQueryData(
    ["contacts"],
    [
      ...people,
      group,
      makeContact(0, { id: "system", displayName: "", is_group: 2 }),
    ],
  );
  const onCancel = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ChooseChatDialog open onCancel={onCancel} onConfirm={onConfirm} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { onCancel };
}

async function choose(names: string[]) {
  const dialog = await screen.findByRole("dialog", { name: "Choose chats" });
  for (const name of names)
    await userEvent.click(within(dialog).getByText(name));
  await userEvent.click(
    within(dialog).getByRole("button", { name: "Add to selected" }),
  );
  return dialog;
}

describe("the choose-chat dialog", () => {
  it(
    "counts in Russian's plural forms",
    async () => {
      await i18n.changeLanguage("ry");
      try {
        renderDialog(vi.fn());
        const dialog = await screen.findByRole("dialog", {
          name: "Выбор чатов",
        });
        expect(within(dialog).getByText("8 чатов")).toBeInTheDocument();
        expect(within(dialog).getByText("0 чатов")).toBeInTheDocument();
        await userEvent.click(within(dialog).getByText("User 3"));
        expect(within(dialog).getByText("1/8 чатов")).toBeInTheDocument();
      } finally {
        await i18n.changeLanguage("en");
      }
    },
    SLOW_MS,
  );

  it(
    "lists people and groups, never the system entry, and finds them by pinyin",
    async () => {
      renderDialog(vi.fn());
      const dialog = await screen.findByRole("dialog", {
        name: "Choose chats",
      });
      // SPEC §2's titles, and counts in the language's plural forms, never antd's "0 item".
      expect(within(dialog).getByText("User list")).toBeInTheDocument();
      expect(within(dialog).getByText("Selected users")).toBeInTheDocument();
      expect(within(dialog).getByText("8 chats")).toBeInTheDocument();
      expect(within(dialog).getByText("0 chats")).toBeInTheDocument();
      expect(within(dialog).queryByText(/item/)).toBeNull();
      expect(within(dialog).getByText("Design team")).toBeInTheDocument();
      expect(within(dialog).getByText("Group")).toBeInTheDocument();
      expect(within(dialog).queryByText("Friend requests")).toBeNull();
      expect(within(dialog).getAllByRole("listitem")).toHaveLength(8);

      const [search] = within(dialog).getAllByPlaceholderText(
        "Search by name or pinyin",
      );
      if (!search) throw new Error("no search box");
      await userEvent.type(search, "zhang");
      expect(within(dialog).getAllByRole("listitem")).toHaveLength(1);
      expect(within(dialog).getByText("1 chat")).toBeInTheDocument();
      await userEvent.click(within(dialog).getByText("张三"));
      expect(within(dialog).getByText("1/1 chat")).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    "refuses to go on with nothing chosen",
    async () => {
      const onConfirm = vi.fn(() => Promise.resolve());
      renderDialog(onConfirm);
      const dialog = await screen.findByRole("dialog", {
        name: "Choose chats",
      });
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Confirm" }),
      );
      expect(await within(dialog).findByRole("alert")).toHaveTextContent(
        "Please select a chat target",
      );
      expect(onConfirm).not.toHaveBeenCalled();
    },
    SLOW_MS,
  );

  it(
    "refuses six chats with SPEC's words",
    async () => {
      const onConfirm = vi.fn(() => Promise.resolve());
      renderDialog(onConfirm);
      const dialog = await choose([
        "张三",
        "User 3",
        "User 4",
        "User 5",
        "User 6",
        "Design team",
      ]);
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Confirm" }),
      );
      expect(await within(dialog).findByRole("alert")).toHaveTextContent(
        "The number of people forwarded cannot exceed 5!",
      );
      expect(onConfirm).not.toHaveBeenCalled();
    },
    SLOW_MS,
  );

  it(
    "hands on five chosen chats, people and groups alike",
    async () => {
      const onConfirm = vi.fn((_targets: Contact[]) => Promise.resolve());
      renderDialog(onConfirm);
      const dialog = await choose([
        "张三",
        "User 3",
        "User 4",
        "User 5",
        "Design team",
      ]);
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Confirm" }),
      );
      await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
      expect(onConfirm.mock.calls[0]?.[0].map((c) => c.id)).toEqual([
        2,
        3,
        4,
        5,
        "group-9",
      ]);
      expect(within(dialog).queryByRole("alert")).toBeNull();
    },
    SLOW_MS,
  );

  it(
    "hands on one chat, and cancels",
    async () => {
      const onConfirm = vi.fn((_targets: Contact[]) => Promise.resolve());
      const { onCancel } = renderDialog(onConfirm);
      const dialog = await choose(["User 7"]);
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Confirm" }),
      );
      await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
      expect(onConfirm.mock.calls[0]?.[0].map((c) => c.id)).toEqual([7]);
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Cancel" }),
      );
      expect(onCancel).toHaveBeenCalled();
    },
    SLOW_MS,
  );
});

describe("the order of the chats offered", () => {
  it("puts pinned chats first, then the chats I had by their last message, then everyone else", () => {
    const now = 1_800_000_000_000;
    const never = makeContact(10, {
      displayName: "Never written",
      lastContent: "",
      lastSendTime: now,
    });
    const old = makeContact(11, {
      displayName: "Old chat",
      lastContent: "hi",
      lastSendTime: now - 86_400_000,
    });
    const recent = makeContact(12, {
      displayName: "Recent chat",
      lastContent: "yo",
      lastSendTime: now - 60_000,
    });
    const pinned = makeContact(13, {
      displayName: "Pinned",
      lastContent: "",
      is_top: 1,
      lastSendTime: now - 999_999_999,
    });
    const system = makeContact(0, { id: "system", is_group: 2 });
    const notices = makeContact(0, { id: "admin_notice", is_group: 2 });
    // The chat with myself is a target: a file sent to my other devices.
    const self = makeSelfChat();
    expect(
      chatTargets([never, old, system, recent, notices, pinned, self]).map(
        (c) => c.displayName,
      ),
    ).toEqual([
      "Pinned",
      "Recent chat",
      "Old chat",
      "Never written",
      "File transfer",
    ]);
  });
});
