import type { GlobalConfig } from "../src/entities/config.js";
import type { Contact } from "../src/entities/contact.js";
import type { Message } from "../src/entities/message.js";

/* Shared by the protocol tests: one valid value of each shape, to change one field at a time. */

/** A client message id (a UUID). */
export const UUID = "5f0c9c1e-3b7a-4d2e-9f1a-2c3b4d5e6f70";

/** A stored one-to-one text message, as sendMessage answers it. */
export const MESSAGE: Message = {
  msg_id: 120,
  id: UUID,
  seq: 7,
  status: "succeed",
  type: "text",
  content: "hello",
  sendTime: 1_700_000_000_000,
  is_read: 0,
  is_group: 0,
  at: ["0"],
  toContactId: 3,
  toUser: 3,
  from_user: 2,
  fromUser: {
    id: 2,
    user_id: 2,
    realname: "Alice",
    displayName: "Alice",
    account: "13800000002",
    avatar: "",
    name_py: "alice",
  },
  file_id: 0,
  file_cate: 0,
  fileName: "",
  fileSize: 0,
  preview: "",
  download: "",
  extUrl: "",
  role: 3,
  pid: 0,
  extends: {},
  reactions: [],
  editTime: 0,
  thread_id: "",
  thread_broadcast: 0,
};

/** A group as a member's contact, as `addGroup` pushes it. */
export const GROUP_CONTACT: Contact = {
  id: "group-4",
  displayName: "Team",
  avatar: "/static/img/avatar.png",
  name_py: "team",
  index: "[2]群聊",
  is_group: 1,
  lastContent: "",
  lastSendTime: 1_700_000_000_000,
  unread: 0,
  is_top: 0,
  is_notice: 1,
  is_at: 0,
  is_online: 1,
  setting: {
    manage: "0",
    invite: "1",
    nospeak: "0",
    profile: "1",
    history: "1",
  },
  group_id: 4,
  account: "group-4",
  owner_id: 2,
  role: 3,
  notice: "",
  realname: "Team [群聊]",
};

/** A group message from Alice mentioning the member 3, as `group` pushes it. */
export const GROUP_MESSAGE: Message = {
  ...MESSAGE,
  is_group: 1,
  at: ["3"],
  toContactId: "group-4",
  toUser: "group-4",
};

/** The global config as getSystemInfo answers it. */
export const GLOBAL_CONFIG: GlobalConfig = {
  sysInfo: {
    name: "Parley",
    logo: "",
    description: "",
    state: "1",
    closeTips: "",
    runMode: "1",
    regtype: "1",
    regauth: "0",
    multipleLogin: "1",
    ipregion: "1",
    diyName: "",
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
    dbDelMsg: "1",
    sendInterval: "0",
    stun: "",
    stunUser: "",
    stunPass: "",
    msgClearDay: "0",
  },
  fileUpload: { size: "50", preview: "", fileExt: ["jpg", "png", "pdf"] },
  lang: "zh",
  demon_mode: 0,
  version: "9.5.0",
  codeByEmail: true,
  codeBySms: false,
};

/** A call's step as the server relays it: the callee accepted (wire-contract.md §5.10). */
export const CALL_SIGNAL = {
  id: "0b0e1c7a-3f1e-4d3a-9a51-1f6c2e0d9b7a",
  msg_id: 41,
  sendTime: 1_700_000_000_000,
  toContactId: 3,
  content: "已接通",
  type: "webrtc" as const,
  status: "succeed" as const,
  is_group: 0 as const,
  is_read: 0,
  from_user: 3,
  fromUser: {
    id: 3,
    user_id: 3,
    realname: "Ann",
    displayName: "Ann",
    account: "ann",
    avatar: "",
    name_py: "ann",
  },
  at: [],
  extends: {
    type: 1,
    status: 2,
    event: "acceptRtc",
    callTime: 0,
    sdp: "",
    code: 904,
    iceCandidate: "",
    isMobile: 0,
  },
};
