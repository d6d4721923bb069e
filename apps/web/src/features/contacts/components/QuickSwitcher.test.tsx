import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import type { SearchResult } from "@parley/protocol";
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import { makeContact, makeMessage } from "../../../../test/factories";
import { useChatUiStore } from "../../../stores/chat-ui.store";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { QuickSwitcher } from "./QuickSwitcher";

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});

const contacts = [
  makeContact(2, { displayName: "Bob", account: "bob", name_py: "bob" }),
  makeContact(3, {
    displayName: "Bobby Tables",
    account: "tables",
    name_py: "bobbytables",
  }),
  makeContact(4, {
    displayName: "Alice",
    account: "alice",
    name_py: "alice",
    lastContent: "see you at &lt;3pm&gt;",
  }),
];

function renderSwitcher() {
  const onOpen = vi.fn();
  const onClose = vi.fn();
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <QuickSwitcher
          open
          contacts={contacts}
          showOnline={false}
          onClose={onClose}
          onOpen={onOpen}
        />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { onOpen, onClose };
}

/** An answer of the global search (issue 45): nothing unless given. */
function searchAnswer(data: Partial<SearchResult> = {}) {
  return {
    messages: [],
    cursor: "",
    people: [],
    groups: [],
    ...data,
  };
}

/** A server answering the global search with `answer`, and `other` to anything else. */
function stubServer(answer = searchAnswer(), other: unknown = "") {
  const bodies: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: { body?: string }) => {
      bodies.push({
        path,
        body: JSON.parse(init?.body ?? "{}") as Record<string, unknown>,
      });
      const data = path.endsWith("/search") ? answer : other;
      return Promise.resolve(
        new Response(
          JSON.stringify({ code: 0, msg: "", data, count: 0, page: 1 }),
        ),
      );
    }),
  );
  return bodies;
}

beforeEach(() => {
  stubServer();
});

afterEach(() => {
  vi.unstubAllGlobals();
  useChatUiStore.setState({ jump: null });
});

describe("the quick switcher (issue 15, fault 6)", () => {
  it("opens on every chat and person, chats first, the first one active", async () => {
    renderSwitcher();
    const box = await screen.findByRole("combobox", { name: "Search" });
    await waitFor(() => expect(box).toHaveFocus());
    const chats = screen.getByRole("group", { name: "Chats" });
    const people = screen.getByRole("group", { name: "People" });
    expect(
      within(chats)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Alicesee you at <3pm>"]);
    expect(
      within(people)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Bobbob", "Bobby Tablestables"]);
    expect(screen.getAllByRole("option")[0]).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  it("narrows by typing; arrow keys move, Enter opens the chosen one", async () => {
    const { onOpen, onClose } = renderSwitcher();
    const box = await screen.findByRole("combobox", { name: "Search" });
    await userEvent.type(box, "BOB");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Bobbob",
      "Bobby Tablestables",
    ]);
    await userEvent.keyboard("{ArrowDown}");
    const second = screen.getAllByRole("option")[1];
    expect(second).toHaveAttribute("aria-selected", "true");
    expect(box).toHaveAttribute("aria-activedescendant", second?.id);
    await userEvent.keyboard("{ArrowDown}");
    // Past the last it wraps to the first; up from the first goes to the last.
    expect(screen.getAllByRole("option")[0]).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await userEvent.keyboard("{ArrowUp}{Enter}");
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen.mock.calls[0]?.[0]).toMatchObject({ id: 3 });
    expect(onClose).toHaveBeenCalled();
  });

  it("says when nobody matches, and Enter then does nothing", async () => {
    const { onOpen } = renderSwitcher();
    const box = await screen.findByRole("combobox", { name: "Search" });
    await userEvent.type(box, "zed{Enter}");
    expect(screen.getByText("Nobody matches “zed”")).toBeInTheDocument();
    expect(screen.queryAllByRole("option")).toEqual([]);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("closes on Esc", async () => {
    const { onClose, onOpen } = renderSwitcher();
    await screen.findByRole("combobox", { name: "Search" });
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("lists people the server's directory finds who are not in my list: someone who registered since the list was read opens (issue 51 item 15)", async () => {
    const zed = makeContact(9, { displayName: "Zed New", account: "zed" });
    const person = (id: number, name: string) => ({
      user_id: id,
      id,
      realname: name,
      displayName: name,
      avatar: "",
      account: "z***",
      name_py: "",
      email: "",
      last_login_ip: "",
      friend: "" as const,
      applied: 0,
    });
    // Someone already in my list is not listed twice.
    const calls = stubServer(
      searchAnswer({ people: [person(9, "Zed New"), person(2, "Bob")] }),
      zed,
    );
    const { onOpen } = renderSwitcher();
    const box = await screen.findByRole("combobox", { name: "Search" });
    await userEvent.type(box, "zed");
    const directory = await screen.findByRole("group", {
      name: "Others in the directory",
    });
    expect(within(directory).getAllByRole("option")).toHaveLength(1);
    expect(within(directory).getByText("Zed New")).toBeInTheDocument();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(zed));
    expect(calls.map((c) => c.path)).toEqual([
      "/enterprise/im/search",
      "/enterprise/im/getContactInfo",
    ]);
    expect(calls[0]?.body).toMatchObject({ keywords: "zed" });
  });

  it("finds messages in every chat, the words marked as text, and jumps to one (issue 45)", async () => {
    const hit = {
      message: makeMessage(77, 3, {
        toContactId: "group-5",
        content: "deploy &lt;b&gt;tonight",
      }),
      chat: { id: "group-5", name: "Ops room", avatar: "", is_group: 1 },
      snippet: "<b>deploy</b> tonight",
      marks: [[3, 9]] as [number, number][],
    };
    stubServer(searchAnswer({ messages: [hit] }));
    const { onClose } = renderSwitcher();
    const box = await screen.findByRole("combobox", { name: "Search" });
    await userEvent.type(box, "deploy");
    const messages = await screen.findByRole("group", { name: "Messages" });
    const [row] = within(messages).getAllByRole("option");
    expect(row).toHaveTextContent("Ops room");
    // Markup in a snippet is text; the words are a mark.
    expect(row?.querySelector("b")).toBeNull();
    expect(row?.querySelector("mark")?.textContent).toBe("deploy");
    await userEvent.keyboard("{Enter}");
    expect(onClose).toHaveBeenCalled();
    expect(useChatUiStore.getState().jump).toMatchObject({
      contactId: "group-5",
      msgId: 77,
    });
  });

  it("a chip searches one kind, with the box's names hidden", async () => {
    const calls = stubServer();
    renderSwitcher();
    const box = await screen.findByRole("combobox", { name: "Search" });
    await userEvent.type(box, "bob");
    expect(screen.getByRole("group", { name: "People" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "Files" }));
    await waitFor(() =>
      expect(calls.at(-1)?.body).toMatchObject({
        keywords: "bob",
        type: "file",
      }),
    );
    expect(screen.queryByRole("group", { name: "People" })).toBeNull();
    expect(
      await screen.findByText(
        "No messages match. Try other words or fewer filters.",
      ),
    ).toBeInTheDocument();
  });
});
