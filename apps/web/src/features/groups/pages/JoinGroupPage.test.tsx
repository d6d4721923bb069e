import type { Contact } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeConfig, makeContact } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { contactsKey } from "../../contacts";
import { useChatUiStore } from "../../../stores/chat-ui.store";
import { systemInfoQuery } from "../../system";
import { JoinGroupPage } from "./JoinGroupPage";

/*
 * The page a group QR leads to: join, land in the group's chat with the group in the list;
 * a refusal in the reader's words with a way back; a mangled link said to be broken
 * without asking the server.
 */
beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useChatUiStore.setState({ openContactId: null });
});

const TOKEN = "eyJkIjp7ImciOjcsInUiOjF9LCJlIjoxfQ.c2lnbmF0dXJl";
const group: Contact = makeContact(0, {
  id: "group-7",
  group_id: 7,
  displayName: "Launch team",
  is_group: 1,
  role: 3,
});

/** The server answers every call with this envelope. */
function serve(envelope: { code: number; key?: string; data: unknown }) {
  const fetch = vi.fn((_path: string, _init?: RequestInit) =>
    Promise.resolve(
      new Response(
        JSON.stringify({
          msg: "server text",
          key: "ok",
          count: 0,
          page: 0,
          ...envelope,
        }),
      ),
    ),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderAt(path: string, contacts: Contact[] = [makeContact(2)]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(systemInfoQuery.queryKey, makeConfig());
  client.setQueryData(contactsKey, contacts);
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/join/:token" Component={JoinGroupPage} />
            <Route path="/join" Component={JoinGroupPage} />
            <Route path="/" element={<p>chat screen</p>} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return client;
}

describe("joining a group from its QR link", () => {
  it("joins with the link's token, puts the group in the list and opens its chat", async () => {
    const fetch = serve({ code: 0, data: group });
    const client = renderAt(`/join/${TOKEN}`);
    expect(
      screen.getByRole("heading", { name: "Join a group chat" }),
    ).toBeVisible();
    // Honest: nothing names a group the page cannot know yet.
    expect(screen.queryByText("Launch team")).toBeNull();

    await userEvent.click(
      screen.getByRole("button", { name: "Join the group" }),
    );
    await screen.findByText("chat screen");
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe("/enterprise/group/joinGroup");
    expect(init?.body).toBe(JSON.stringify({ token: TOKEN }));
    expect(useChatUiStore.getState().openContactId).toBe("group-7");
    expect(
      client.getQueryData<Contact[]>(contactsKey)?.map((c) => c.id),
    ).toContain("group-7");
  });

  it("shows a refusal in the reader's words, with a way back to the chat", async () => {
    serve({ code: 400, key: "group.qrInvalid", data: "" });
    renderAt(`/join/${TOKEN}`);
    await userEvent.click(
      screen.getByRole("button", { name: "Join the group" }),
    );
    expect(
      await screen.findByText(
        "This group QR code is invalid or has expired; ask a member to share it again",
      ),
    ).toBeVisible();
    expect(screen.getByText("You can't join this group")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Join the group" })).toBeNull();
    await userEvent.click(
      screen.getByRole("button", { name: "Back to chats" }),
    );
    await screen.findByText("chat screen");
    expect(useChatUiStore.getState().openContactId).toBeNull();
  });

  it("says a full group is full, with the server's number", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              code: 400,
              key: "group.full",
              msg: "This group is full (3 members at most)",
              data: "",
              count: 0,
              page: 0,
            }),
          ),
        ),
      ),
    );
    renderAt(`/join/${TOKEN}`);
    await userEvent.click(
      screen.getByRole("button", { name: "Join the group" }),
    );
    expect(
      await screen.findByText("This group is full (3 members at most)"),
    ).toBeVisible();
  });

  it.each([
    ["a mangled token", "/join/not-a-token"],
    ["no token", "/join"],
  ])("says the link is broken for %s, without asking the server", (_, path) => {
    const fetch = serve({ code: 0, data: group });
    renderAt(path);
    expect(screen.getByText("This link is incomplete")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Join the group" })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("keeps the button for another try when the request got no answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("offline"))),
    );
    renderAt(`/join/${TOKEN}`);
    await userEvent.click(
      screen.getByRole("button", { name: "Join the group" }),
    );
    await waitFor(() => expect(screen.getByRole("alert")).toBeVisible());
    expect(
      screen.getByRole("button", { name: "Join the group" }),
    ).toBeEnabled();
  });
});
