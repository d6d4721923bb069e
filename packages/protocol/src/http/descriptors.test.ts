import { describe, expect, it } from "vitest";
import * as accounts from "./accounts.js";
import * as contacts from "./contacts.js";
import {
  type CallAuth,
  type CallDescriptor,
  parseCallRequest,
  parseCallResponse,
} from "./define.js";
import * as messages from "./messages.js";
import * as settings from "./settings.js";
import * as socket from "./socket.js";
import * as system from "./system.js";

describe("descriptors", () => {
  it.each<{ call: CallDescriptor; path: string; auth: CallAuth }>([
    { call: accounts.login, path: "/common/pub/login", auth: "public" },
    { call: accounts.logout, path: "/common/pub/logout", auth: "optional" },
    { call: accounts.register, path: "/common/pub/register", auth: "public" },
    { call: accounts.sendCode, path: "/common/pub/sendCode", auth: "optional" },
    {
      call: accounts.loginTicket,
      path: "/enterprise/im/loginTicket",
      auth: "session",
    },
    {
      call: system.getSystemInfo,
      path: "/common/pub/getSystemInfo",
      auth: "optional",
    },
    {
      call: settings.switchLang,
      path: "/common/pub/switchLang",
      auth: "optional",
    },

    {
      call: contacts.getContacts,
      path: "/enterprise/im/getContacts",
      auth: "session",
    },
    {
      call: messages.sendMessage,
      path: "/enterprise/im/sendMessage",
      auth: "session",
    },
    {
      call: messages.getMessageList,
      path: "/enterprise/im/getMessageList",
      auth: "session",
    },
    {
      call: messages.setMsgIsRead,
      path: "/enterprise/im/setMsgIsRead",
      auth: "session",
    },
    { call: settings.setting, path: "/enterprise/im/setting", auth: "session" },
    { call: socket.bindUid, path: "/common/pub/bindUid", auth: "session" },
    {
      call: socket.bindClientId,
      path: "/common/pub/bindClientId",
      auth: "session",
    },
    { call: socket.offline, path: "/common/pub/offline", auth: "session" },
  ])("$path is $auth", ({ call, path, auth }) => {
    expect(call.path).toBe(path);
    expect(call.auth).toBe(auth);
  });
});

describe("parseCallRequest and parseCallResponse", () => {
  it("parse with the descriptor's own schemas", () => {
    const request = parseCallRequest(settings.switchLang, { lang: "en" });
    expect(request.success && request.data.lang).toBe("en");
    expect(parseCallRequest(settings.switchLang, { lang: "xx" }).success).toBe(
      false,
    );
    const response = parseCallResponse(settings.switchLang, { lang: "en" });
    expect(response.success && response.data).toEqual({ lang: "en" });
    expect(parseCallResponse(settings.switchLang, { lang: 1 }).success).toBe(
      false,
    );
  });
});
