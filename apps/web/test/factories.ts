import {
  type Contact,
  DEFAULT_USER_SETTING,
  type GlobalConfig,
  type Message,
  type UserInfo,
} from "@parley/protocol";

/** A stored 1:1 message between users 1 and 2, `seq` seconds after a fixed instant. */
export function makeMessage(
  seq: number,
  from: number,
  patch: Partial<Message> = {},
): Message {
  return {
    msg_id: seq,
    id: `m${seq}`,
    seq,
    thread_id: "",
    thread_broadcast: 0,
    status: "succeed",
    type: "text",
    content: `text ${seq}`,
    sendTime: 1_700_000_000_000 + seq * 1000,
    is_read: 0,
    is_group: 0,
    at: [],
    toContactId: from === 1 ? 2 : 1,
    toUser: from === 1 ? 2 : 1,
    from_user: from,
    fromUser: {
      id: from,
      user_id: from,
      realname: "X",
      displayName: "X",
      account: "x",
      avatar: "",
      name_py: "",
    },
    file_id: 0,
    file_cate: 0,
    fileName: "",
    fileSize: 0,
    extUrl: "",
    role: 3,
    preview: "",
    download: "",
    reactions: [],
    editTime: 0,
    pid: 0,
    extends: {},
    ...patch,
  };
}

/** A global config as getSystemInfo answers it: open, everyone can chat, one login per user. */
export function makeConfig(patch: Partial<GlobalConfig> = {}): GlobalConfig {
  return {
    sysInfo: {
      name: "Parley",
      logo: "",
      description: "",
      state: "1",
      closeTips: "",
      runMode: "1",
      regtype: "1",
      regauth: "0",
      multipleLogin: "0",
      ipregion: "0",
      diyName: "1",
      sso: [],
      ssoOnly: "0",
    },
    chatInfo: {
      online: "1",
      webrtc: "0",
      videoCall: "1",
      groupChat: "1",
      simpleChat: "1",
      redoTime: "120",
      editTime: "0",
      linkPreview: "1",
      publicGroups: "1",
      groupUserMax: "0",
      dbDelMsg: "0",
      sendInterval: "0",
      stun: "",
      stunUser: "",
      stunPass: "",
      msgClearDay: "0",
    },
    fileUpload: { size: "10", preview: "", fileExt: [] },
    lang: "en",
    demon_mode: 0,
    version: "9.5.0",
    codeByEmail: true,
    codeBySms: false,
    ...patch,
  };
}

/** User `id` as a contact in the list: no messages yet, notifying. */
/** The chat with myself (contact -1) before its first message, as the list shows it. */
export function makeSelfChat(patch: Partial<Contact> = {}): Contact {
  return makeContact(0, {
    id: -1,
    is_group: 3,
    displayName: "File transfer",
    lastContent: "Send files and notes to yourself",
    lastSendTime: 0,
    ...patch,
  });
}

export function makeContact(id: number, patch: Partial<Contact> = {}): Contact {
  return {
    id,
    displayName: `User ${id}`,
    avatar: "",
    name_py: `user${id}`,
    index: "U",
    is_group: 0,
    lastContent: "",
    lastSendTime: 1_700_000_000_000,
    unread: 0,
    is_top: 0,
    is_notice: 1,
    is_at: 0,
    is_online: 0,
    setting: {},
    ...patch,
  };
}

/** The signed-in user as login answers it: an ordinary unverified user, default settings. */
export function makeUserInfo(patch: Partial<UserInfo> = {}): UserInfo {
  return {
    user_id: 7,
    id: 7,
    account: "alice01",
    realname: "Alice",
    displayName: "Alice",
    avatar: "",
    email: "",
    sex: 2,
    role: 0,
    motto: "",
    name_py: "alice",
    setting: DEFAULT_USER_SETTING,
    is_auth: 0,
    status: 1,
    lang: null,
    ...patch,
  };
}
