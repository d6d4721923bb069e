import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeContact, makeMessage } from "../../../test/factories";
import { stubServer } from "../../../test/server-stub";
import { forwardType, useForwardFileMutation } from "./files.queries";

/*
 * Forwarding a library file (SPEC §3): its type as the send call takes it, and a second try
 * after a refusal reuses the client ids, so no chat gets the file twice.
 */
afterEach(() => {
  vi.unstubAllGlobals();
});

const voice = {
  file_id: 4,
  msg_id: 40,
  name: "voice.wav",
  size: 3000,
  ext: "wav",
  cate: 3,
  msg_type: "voice" as const,
  src: "/files/4",
  preview: "/files/4",
  download: "/files/4?download=1",
  extUrl: "",
  create_time: 1_700_000_000_000,
  user_id: 2,
  user_id_info: { user_id: 2, realname: "Bob", avatar: "" },
};

describe("forwarding a library file", () => {
  it("sends pictures and videos as such, and everything else (a voice clip too) as a file", () => {
    expect(forwardType({ msg_type: "image" })).toBe("image");
    expect(forwardType({ msg_type: "video" })).toBe("video");
    expect(forwardType({ msg_type: "voice" })).toBe("file");
    expect(forwardType({ msg_type: "file" })).toBe("file");
  });

  it("tries a partly refused forward again with the same client ids", async () => {
    const sends: Array<Record<string, unknown>> = [];
    let refuseGroup = true;
    stubServer((path, body) => {
      if (path !== "/enterprise/im/sendMessage")
        return { code: 0, data: [], page: 1 };
      sends.push(body);
      return body.toContactId === "group-9" && refuseGroup
        ? { code: 400, data: null, msg: "Muted", page: 1 }
        : { code: 0, data: makeMessage(1, 7), msg: "", page: 1 };
    });
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useForwardFileMutation(), { wrapper });
    const person = makeContact(2);
    const targets = [person, makeContact(0, { id: "group-9", is_group: 1 })];

    await act(async () => {
      await expect(
        result.current.mutateAsync({ entry: voice, targets }),
      ).rejects.toMatchObject({ code: 400 });
    });
    expect(sends).toHaveLength(2);
    expect(sends[0]).toMatchObject({
      type: "file",
      toContactId: 2,
      is_group: 0,
      file_id: 4,
    });
    expect(sends[1]).toMatchObject({ toContactId: "group-9", is_group: 1 });

    refuseGroup = false;
    await act(async () => {
      await result.current.mutateAsync({ entry: voice, targets });
    });
    expect(sends.slice(2).map((s) => s.id)).toEqual(
      sends.slice(0, 2).map((s) => s.id),
    );

    // Delivered: the same file sent there again is a new message.
    await act(async () => {
      await result.current.mutateAsync({
        entry: voice,
        targets: [person],
      });
    });
    expect(sends[4]?.id).not.toBe(sends[0]?.id);
  });
});
