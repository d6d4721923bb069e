import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  disableUser,
  loginAdmin,
  registerMany,
} from "../../../test/factories.js";

/*
 * Issue 14: each process holds the active users it read lately (a send and a history page
 * each look up two). Whatever changes one is announced and drops them all; the test app
 * checks every held answer against a fresh read (`checkHeld`).
 */
let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

describe("held users", () => {
  it("are read again after a new name, a new role or being disabled, and are frozen", async () => {
    const [ann] = await registerMany(api, 1, "Held user");
    const { accounts } = api.services;
    const first = await accounts.activeUser(ann.userId);
    expect(first?.realname).toBe("Held user 1");
    // The same object: held, and no caller may change it for the others.
    expect(await accounts.activeUser(ann.userId)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);

    const renamed = await api.post(
      "/enterprise/im/updateUserInfo",
      { realname: "Held renamed" },
      { token: ann.token },
    );
    expect(renamed.code).toBe(0);
    expect((await accounts.activeUser(ann.userId))?.realname).toBe(
      "Held renamed",
    );

    const admin = await loginAdmin(api);
    const role = await api.post(
      "/manage/User/setRole",
      { user_id: ann.userId, role: 2 },
      { token: admin.token },
    );
    expect(role.code, role.msg).toBe(0);
    expect((await accounts.activeUser(ann.userId))?.role).toBe(2);

    await disableUser(api, ann.userId);
    expect(await accounts.activeUser(ann.userId)).toBeUndefined();
  });

  it("fail when a user changed without the news (the tests' check)", async () => {
    const [bob] = await registerMany(api, 1, "Unannounced");
    const { accounts } = api.services;
    await accounts.activeUser(bob.userId);
    await api.db
      .updateTable("users")
      .set({ realname: "Behind the back" })
      .where("user_id", "=", bob.userId)
      .execute();
    await expect(accounts.activeUser(bob.userId)).rejects.toThrow(/stale/);
    await accounts.sessions.userChanged(bob.userId);
    expect((await accounts.activeUser(bob.userId))?.realname).toBe(
      "Behind the back",
    );
  });
});
