import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeUserInfo } from "../../../test/factories";
import { type SentRequest, stubXhr } from "../../../test/xhr";
import { useSessionStore } from "../../stores/session.store";
import { useUploadAvatarMutation } from "./settings.queries";

/*
 * wire-contract.md §2.3: the avatar goes as multipart, `file` and `type=1`, with the session
 * headers and the browser's own Content-Type (its boundary); the answer's URL becomes the
 * signed-in user's avatar.
 */
let requests: SentRequest[] = [];

beforeEach(() => {
  requests = stubXhr();
  useSessionStore.getState().signIn({
    authToken: "bearer t",
    sessionId: "9",
    userInfo: makeUserInfo(),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
});

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      {children}
    </QueryClientProvider>
  );
}

describe("useUploadAvatarMutation", () => {
  it("posts the picture as multipart file and type=1, and shows the new avatar", async () => {
    const { result } = renderHook(() => useUploadAvatarMutation(), { wrapper });
    const picture = new File(["png bytes"], "avatar.png", {
      type: "image/png",
    });
    result.current.mutate(picture);
    await waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0];
    if (!request) throw new Error("nothing sent");
    request.respond(200, {
      code: 0,
      msg: "",
      data: "/storage/avatar/7/new.png",
      count: 0,
      page: 1,
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(request.method).toBe("POST");
    expect(request.url).toBe("/common/upload/uploadAvatar");
    const body = request.body;
    if (!(body instanceof FormData)) throw new Error("not multipart");
    expect(body.get("type")).toBe("1");
    const sent = body.get("file");
    if (!(sent instanceof File)) throw new Error("no file sent");
    expect(sent.name).toBe("avatar.png");
    // No Content-Type of ours: the browser writes multipart's with its boundary.
    expect(request.headers).toEqual({
      Authorization: "bearer t",
      sessionId: "9",
    });
    expect(useSessionStore.getState().user?.avatar).toBe(
      "/storage/avatar/7/new.png",
    );
  });
});
