import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { makeUserInfo } from "../../test/factories";
import { useSessionStore } from "../stores/session.store";
import { clearCacheOnUserChange } from "./session-cache";

const signIn = (userId: number) =>
  useSessionStore.getState().signIn({
    authToken: `bearer ${userId}`,
    sessionId: String(userId),
    userInfo: makeUserInfo({ user_id: userId, id: userId }),
  });

afterEach(() => {
  useSessionStore.getState().signOut();
});

describe("the query cache across users (issue 51, found with item 22)", () => {
  it("forgets one user's data when they sign out or another account signs in, and only then", () => {
    const client = new QueryClient();
    const stop = clearCacheOnUserChange(client);
    signIn(1);
    client.setQueryData(["contacts"], ["Alice's chats"]);
    // The same user again (a profile saved, a session renewed): the cache stays.
    useSessionStore
      .getState()
      .setUser(makeUserInfo({ user_id: 1, id: 1, realname: "A" }));
    expect(client.getQueryData(["contacts"])).toEqual(["Alice's chats"]);

    // Another account signs in on the same page.
    signIn(2);
    expect(client.getQueryData(["contacts"])).toBeUndefined();
    client.setQueryData(["contacts"], ["Bob's chats"]);

    useSessionStore.getState().signOut();
    expect(client.getQueryData(["contacts"])).toBeUndefined();
    stop();
  });
});
