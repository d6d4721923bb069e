import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { registerAndLogin } from "../../../test/factories.js";

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

async function settingOf(account: string, password: string) {
  const login = await api.post("/common/pub/login", { account, password });
  return (login.data as { userInfo: { setting: Record<string, unknown> } })
    .userInfo.setting;
}

describe("enterprise/im/setting", () => {
  it("stores what existing clients post as strings, and keeps what they leave out", async () => {
    const user = await registerAndLogin(api);
    const res = await api.post(
      "/enterprise/im/setting",
      { sendKey: "2", hideMessageTime: "true", isVoice: "false" },
      { token: user.token },
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toBe("");
    expect(await settingOf(user.account, user.password)).toEqual({
      sendKey: 2,
      theme: "default",
      isVoice: false,
      avatarCricle: false,
      hideMessageName: false,
      hideMessageTime: true,
      formatMessages: true,
    });
    await api.post(
      "/enterprise/im/setting",
      { theme: "blue" },
      { token: user.token, json: true },
    );
    expect(await settingOf(user.account, user.password)).toMatchObject({
      sendKey: 2,
      theme: "blue",
    });
    await api.post(
      "/enterprise/im/setting",
      { theme: "dark" },
      { token: user.token },
    );
    expect(await settingOf(user.account, user.password)).toMatchObject({
      theme: "dark",
    });
  });

  it("turns formatted messages off and on again (extensions.md §4), on by default", async () => {
    const user = await registerAndLogin(api);
    expect((await settingOf(user.account, user.password)).formatMessages).toBe(
      true,
    );
    await api.post(
      "/enterprise/im/setting",
      { formatMessages: "false" },
      { token: user.token },
    );
    expect(await settingOf(user.account, user.password)).toMatchObject({
      formatMessages: false,
      sendKey: 1,
    });
    await api.post(
      "/enterprise/im/setting",
      { formatMessages: true },
      { token: user.token, json: true },
    );
    expect((await settingOf(user.account, user.password)).formatMessages).toBe(
      true,
    );
  });

  it.each([
    [{ formatMessages: "sometimes" }, "formatMessages"],
    [{ sendKey: "3" }, "sendKey"],
    [{ theme: "<script>" }, "theme"],
    [{ isVoice: "maybe" }, "isVoice"],
    [{ sendKey: { a: 1 } }, "sendKey"],
  ])("refuses %j and changes nothing", async (body, field) => {
    const user = await registerAndLogin(api);
    const before = await settingOf(user.account, user.password);
    const res = await api.post("/enterprise/im/setting", body, {
      token: user.token,
    });
    expect(res.code).toBe(400);
    expect(res.msg).toContain(field);
    expect(await settingOf(user.account, user.password)).toEqual(before);
  });

  it("needs a session", async () => {
    expect(
      (await api.post("/enterprise/im/setting", { sendKey: "2" })).code,
    ).toBe(-1);
  });
});
