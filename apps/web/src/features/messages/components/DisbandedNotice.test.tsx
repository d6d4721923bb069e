import type { Contact } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeContact } from "../../../../test/factories";
import { stubServer } from "../../../../test/server-stub";
import { i18n } from "../../../i18n";
import { useChatUiStore } from "../../../stores/chat-ui.store";
import { contactsKey } from "../../contacts";
import { DisbandedNotice } from "./DisbandedNotice";

/*
 * A disbanded group's chat (issue 51): removing it asks the server for that group, then
 * takes it out of my list and closes its chat; a refusal leaves both as they were.
 */
beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  vi.unstubAllGlobals();
  useChatUiStore.setState({ openContactId: null });
});

const disbanded: Contact = makeContact(0, {
  id: "group-7",
  group_id: 7,
  displayName: "Launch team",
  is_group: 1,
});
const other: Contact = makeContact(2);

function renderNotice() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(contactsKey, [disbanded, other]);
  useChatUiStore.setState({ openContactId: "group-7" });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <DisbandedNotice contactId="group-7" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return client;
}

const listed = (client: QueryClient) =>
  client.getQueryData<Contact[]>(contactsKey)?.map((c) => c.id);

describe("removing a disbanded group from my list", () => {
  it("asks the server by the group's number, drops it and closes its chat", async () => {
    const asked: [string, Record<string, unknown>][] = [];
    stubServer((path, body) => {
      asked.push([path, body]);
      return { code: 0, data: "" };
    });
    const client = renderNotice();
    await userEvent.click(
      screen.getByRole("button", { name: "Remove from list" }),
    );
    await waitFor(() => expect(listed(client)).toEqual([other.id]));
    expect(asked).toEqual([["/enterprise/group/removeDisbanded", { id: 7 }]]);
    expect(useChatUiStore.getState().openContactId).toBeNull();
  });

  it("keeps the group and its chat when the server refuses", async () => {
    let answer: (refusal: Response) => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    const client = renderNotice();
    const button = screen.getByRole("button", { name: "Remove from list" });
    await userEvent.click(button);
    // Busy while the server answers, and not after.
    await waitFor(() => expect(button).toHaveClass("ant-btn-loading"));
    answer(
      new Response(
        JSON.stringify({ code: 400, msg: "No such group", data: "" }),
      ),
    );
    await waitFor(() => expect(button).not.toHaveClass("ant-btn-loading"));
    expect(listed(client)).toEqual([disbanded.id, other.id]);
    expect(useChatUiStore.getState().openContactId).toBe("group-7");
  });
});
