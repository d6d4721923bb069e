import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSessionStore } from "../../stores/session.store";
import { useSendMessageMutation } from "./messages.queries";
import { useOutboxStore } from "./outbox.store";
import { makeMessage } from "../../../test/factories";

/*
 * Own messages show at once as going, then succeed or failed; a resend of a failed one
 * posts the same client id. The network is a fetch double: first down, then answering.
 */
function Sender() {
  const client = new QueryClient();
  return (
    <QueryClientProvider client={client}>
      <SendButtons client={client} />
    </QueryClientProvider>
  );
}

function SendButtons({ client }: { client: QueryClient }) {
  const send = useSendMessageMutation(client);
  const entries = useOutboxStore((s) => s.entries);
  return (
    <div>
      <button
        type="button"
        onClick={() =>
          send.mutate({
            id: "c0ffee00-0000-4000-8000-000000000001",
            contactId: 2,
            content: "hi",
          })
        }
      >
        send
      </button>
      {entries.map((e) => (
        <button
          key={e.id}
          type="button"
          onClick={() =>
            send.mutate({
              id: e.id,
              contactId: e.contactId,
              content: e.content,
            })
          }
        >
          {e.status}
        </button>
      ))}
    </div>
  );
}

const stored = makeMessage(1, 1, {
  msg_id: 9,
  id: "c0ffee00-0000-4000-8000-000000000001",
  content: "hi",
});

let bodies: Array<Record<string, unknown>>;
let online: boolean;

beforeEach(() => {
  bodies = [];
  online = false;
  useSessionStore.setState({ token: "bearer t", sessionId: "1" });
  vi.stubGlobal(
    "fetch",
    vi.fn((_url: string, init: RequestInit) => {
      // The client posts JSON text.
      bodies.push(JSON.parse(init.body as string) as Record<string, unknown>);
      if (!online) return Promise.reject(new TypeError("Failed to fetch"));
      return Promise.resolve(
        new Response(
          JSON.stringify({
            code: 0,
            msg: "ok",
            data: stored,
            count: 0,
            page: 0,
          }),
        ),
      );
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useOutboxStore.setState({ entries: [] });
});

describe("sending and resending", () => {
  it("goes, fails while the network is down, and succeeds on resend with the same client id", async () => {
    render(<Sender />);
    await userEvent.click(screen.getByRole("button", { name: "send" }));
    const failed = await screen.findByRole("button", { name: "failed" });
    online = true;
    await act(async () => {
      await userEvent.click(failed);
    });
    await waitFor(() =>
      expect(useOutboxStore.getState().entries).toHaveLength(0),
    );
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.id).toBe(bodies[1]?.id);
    expect(bodies[1]).toMatchObject({
      type: "text",
      content: "hi",
      toContactId: 2,
    });
  });
});
