import { accounts, people, settings } from "@parley/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI } from "antd/es/modal/useModal";
import { i18n } from "../i18n";
import { resetFeedbackDebounce, setFeedback } from "../lib/feedback";
import { useSessionStore } from "../stores/session.store";
import {
  ApiError,
  call,
  setSessionEndedHandler,
  upload,
  UploadCancelled,
} from "./http";
import { makeUserInfo } from "../../test/factories";
import { stubXhr } from "../../test/xhr";

/*
 * SPEC §8, built once in the API layer: -1 is a dialog that signs out and reloads; codes
 * 400/402/403/404/405/500/502 are warning toasts; any other non-zero code an error toast;
 * HTTP 500 its own message. The server is a fetch double answering what each case needs.
 */
const open = vi.fn();
const warning = vi.fn();
const ended = vi.fn();

function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    "fetch",
    vi.fn(() =>
      Promise.resolve(
        new Response(typeof body === "string" ? body : JSON.stringify(body), {
          status,
        }),
      ),
    ),
  );
}

const envelope = (code: number, msg: string, data: unknown = "") => ({
  code,
  msg,
  data,
  count: 0,
  page: 0,
});

beforeEach(() => {
  open.mockClear();
  warning.mockClear();
  ended.mockClear();
  resetFeedbackDebounce();
  // Only the two methods the module calls are needed.
  setFeedback({
    message: { open } as unknown as MessageInstance,
    modal: { warning } as unknown as HookAPI,
  });
  setSessionEndedHandler(ended);
  useSessionStore.getState().signIn({
    authToken: "bearer t",
    sessionId: "1",
    userInfo: makeUserInfo({
      user_id: 1,
      id: 1,
      account: "a",
      realname: "A",
      displayName: "A",
      name_py: "",
    }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the API layer's error handling", () => {
  it("sends the session token and answers checked data", async () => {
    answer(envelope(0, "ok", { lang: "en" }));
    const result = await call(settings.switchLang, { lang: "en" });
    expect(result.data).toEqual({ lang: "en" });
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({
      Authorization: "bearer t",
      sessionId: "1",
    });
  });

  it("shows -1 as a dialog whose confirm signs out and reloads", async () => {
    answer(envelope(-1, "Please log in first"));
    await expect(call(accounts.logout)).rejects.toBeInstanceOf(ApiError);
    expect(warning).toHaveBeenCalledTimes(1);
    // The options the module handed antd's modal.warning.
    const options = warning.mock.calls[0]?.[0] as {
      content: string;
      onOk: () => void;
    };
    expect(options.content).toBe("Please log in first");
    expect(ended).not.toHaveBeenCalled();
    options.onOk();
    expect(useSessionStore.getState().token).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it("titles the session-ended dialog in words and says what to do", async () => {
    await i18n.changeLanguage("en");
    answer({ ...envelope(-1, "登录已过期"), key: "session.expired" });
    await expect(call(accounts.logout)).rejects.toBeInstanceOf(ApiError);
    expect(warning).toHaveBeenCalledWith(
      expect.objectContaining({
        title: "Your session has ended",
        content: "Your session has expired. Log in again to continue.",
        okText: "Log in again",
      }),
    );
  });

  it("says a rate limit's wait in words from Retry-After (issue 15, fault 8)", async () => {
    await i18n.changeLanguage("en");
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              ...envelope(429, "try again in 896 seconds"),
              key: "request.rateLimited",
            }),
            { headers: { "Retry-After": "896" } },
          ),
        ),
      ),
    );
    await expect(call(accounts.logout)).rejects.toMatchObject({
      code: 429,
      message: "Too many attempts. Try again in 15 minutes.",
    });
    expect(open).toHaveBeenCalledWith(
      expect.objectContaining({
        type: "error",
        content: "Too many attempts. Try again in 15 minutes.",
      }),
    );
  });

  it.each([400, 402, 403, 404, 405, 500, 502])(
    "shows code %i as a warning toast",
    async (code) => {
      answer(envelope(code, "refused"));
      await expect(call(accounts.logout)).rejects.toMatchObject({
        code,
        message: "refused",
      });
      expect(open).toHaveBeenCalledWith(
        expect.objectContaining({ type: "warning", content: "refused" }),
      );
    },
  );

  it("shows any other non-zero code as an error toast", async () => {
    answer(envelope(429, "too many"));
    await expect(call(accounts.logout)).rejects.toMatchObject({ code: 429 });
    expect(open).toHaveBeenCalledWith(
      expect.objectContaining({ type: "error", content: "too many" }),
    );
  });

  it("shows HTTP 500 without an envelope as the server-error message", async () => {
    answer("<html>boom</html>", 500);
    await expect(call(accounts.logout)).rejects.toMatchObject({ code: 500 });
    expect(open).toHaveBeenCalledWith(
      expect.objectContaining({ type: "error" }),
    );
  });

  it("stays silent when asked (the user card)", async () => {
    answer(envelope(400, "refused"));
    await expect(
      call(accounts.logout, {}, { silent: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(open).not.toHaveBeenCalled();
  });

  it("reports an unreachable server as a network error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(call(accounts.logout)).rejects.toMatchObject({
      network: true,
    });
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe("uploads (issue 10): progress, cancel, and the same envelope handling", () => {
  const picture = () => new File(["png"], "a.png", { type: "image/png" });

  it("posts multipart with the session headers and reports how much was sent", async () => {
    const requests = stubXhr();
    const progress = vi.fn();
    const answered = upload(
      people.uploadAvatar,
      picture(),
      { type: "1" },
      { onProgress: progress },
    );
    const request = requests[0];
    if (!request) throw new Error("nothing sent");
    expect(request.url).toBe("/common/upload/uploadAvatar");
    expect(request.headers).toEqual({
      Authorization: "bearer t",
      sessionId: "1",
    });
    request.progress(50, 200);
    expect(progress).toHaveBeenCalledWith(50, 200);
    request.respond(200, envelope(0, "", "/storage/avatar/1/a.png"));
    expect((await answered).data).toBe("/storage/avatar/1/a.png");
  });

  it("stops when cancelled, quietly", async () => {
    const requests = stubXhr();
    const controller = new AbortController();
    const answered = upload(
      people.uploadAvatar,
      picture(),
      { type: "1" },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(answered).rejects.toBeInstanceOf(UploadCancelled);
    expect(requests[0]?.aborted).toBe(true);
    expect(open).not.toHaveBeenCalled();
  });

  it("shows a refusal as a toast, and a lost connection as a network error", async () => {
    const requests = stubXhr();
    const refused = upload(people.uploadAvatar, picture(), { type: "1" });
    requests[0]?.respond(200, envelope(1, "too big"));
    await expect(refused).rejects.toMatchObject({ code: 1 });
    expect(open).toHaveBeenCalledWith(
      expect.objectContaining({ type: "error", content: "too big" }),
    );
    const lost = upload(people.uploadAvatar, picture(), { type: "1" });
    requests[1]?.fail();
    await expect(lost).rejects.toMatchObject({ network: true });
  });
});
