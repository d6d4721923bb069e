import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeMessage, makeUserInfo } from "../../../test/factories";
import { type SentRequest, stubXhr } from "../../../test/xhr";
import { useSessionStore } from "../../stores/session.store";
import { messagesKey } from "./messages.queries";
import { useOutboxStore } from "./outbox.store";
import { cancelUpload, sendAs, useSendFile } from "./send-file";

/*
 * Issue 10: a file shows at once as its own row with its progress; the stored message
 * replaces it; a cancel takes it away; a failure leaves it to resend with the same id.
 */
let requests: SentRequest[] = [];
let client: QueryClient;

beforeEach(() => {
  requests = stubXhr();
  // jsdom has no object URLs: the row's local picture address is a stand-in.
  URL.createObjectURL = vi.fn(() => "blob:local/1");
  URL.revokeObjectURL = vi.fn();
  client = new QueryClient();
  client.setQueryData(messagesKey(2), { pages: [[]], pageParams: [1] });
  useSessionStore.getState().signIn({
    authToken: "bearer t",
    sessionId: "9",
    userInfo: makeUserInfo(),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useOutboxStore.setState({ entries: [] });
  useSessionStore.getState().signOut();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const pdf = () =>
  new File(["%PDF-1.4"], "报告.pdf", { type: "application/pdf" });

describe("sendAs (SPEC §5: gif, jpeg and png are pictures, all else files)", () => {
  it.each([
    ["image/png", "image", "image"],
    ["image/gif", "file", "image"],
    ["image/svg+xml", "image", "file"],
    ["application/pdf", "image", "file"],
    ["video/mp4", "video", "video"],
    ["application/pdf", "video", "file"],
    ["audio/wav", "voice", "voice"],
    ["audio/mpeg", "file", "file"],
  ] as const)("%s chosen as %s goes as %s", (type, intent, expected) => {
    expect(sendAs(new File(["x"], "x", { type }), intent)).toBe(expected);
  });
});

describe("useSendFile", () => {
  it("shows the file at once with its progress, then the stored message in its place", async () => {
    const { result } = renderHook(() => useSendFile(), { wrapper });
    act(() => result.current.send(2, pdf(), "file"));
    const [entry] = useOutboxStore.getState().entries;
    expect(entry?.upload).toMatchObject({ type: "file", progress: 0 });
    const request = requests[0];
    if (!request || !entry) throw new Error("nothing sent");
    const body = request.body as FormData;
    expect(JSON.parse(body.get("message") as string)).toEqual({
      id: entry.id,
      type: "file",
      toContactId: 2,
      is_group: 0,
    });
    expect((body.get("file") as File).name).toBe("报告.pdf");

    act(() => request.progress(4, 8));
    expect(useOutboxStore.getState().entries[0]?.upload?.progress).toBe(0.5);

    const stored = makeMessage(1, 2, { id: entry.id, type: "file", msg_id: 5 });
    act(() =>
      request.respond(200, {
        code: 0,
        msg: "",
        data: stored,
        count: 0,
        page: 1,
      }),
    );
    await waitFor(() =>
      expect(useOutboxStore.getState().entries).toHaveLength(0),
    );
    const pages = client.getQueryData<{ pages: unknown[][] }>(messagesKey(2));
    expect(pages?.pages[0]).toHaveLength(1);
  });

  it("takes a cancelled upload away and stores nothing", async () => {
    const { result } = renderHook(() => useSendFile(), { wrapper });
    act(() => result.current.send(2, pdf(), "file"));
    const [entry] = useOutboxStore.getState().entries;
    if (!entry) throw new Error("no row");
    act(() => cancelUpload(entry));
    await waitFor(() =>
      expect(useOutboxStore.getState().entries).toHaveLength(0),
    );
    expect(requests[0]?.aborted).toBe(true);
  });

  it("marks a failed upload failed, and resends it with the same id", async () => {
    const { result } = renderHook(() => useSendFile(), { wrapper });
    act(() => result.current.send(2, pdf(), "file", 3));
    act(() => requests[0]?.fail());
    await waitFor(() =>
      expect(useOutboxStore.getState().entries[0]?.status).toBe("failed"),
    );
    const failed = useOutboxStore.getState().entries[0];
    if (!failed) throw new Error("no row");
    act(() => result.current.resend(failed));
    const again = requests[1]?.body as FormData;
    expect(JSON.parse(again.get("message") as string)).toMatchObject({
      id: failed.id,
      extends: { duration: 3 },
    });
    expect(useOutboxStore.getState().entries[0]?.status).toBe("going");
  });
});
