import type { ChatInfo, FileUploadInfo, SysInfo } from "@parley/protocol";

/*
 * What a first start seeds (decisions.md "First start defaults"): open registration,
 * everyone can chat, so a newcomer can try the product at once. Values are strings, as the
 * wire contract has them.
 */

export const DEFAULT_SYS_INFO: SysInfo = {
  name: "Parley",
  logo: "",
  description: "Self-hosted instant messaging",
  state: "1",
  closeTips: "系统升级维护中，请稍候再试！",
  runMode: "1",
  regtype: "1",
  regauth: "0",
  multipleLogin: "1",
  // Off: on, every user's last sign-in IP and its place show on their card to everyone
  // in run mode 1 (issue 51; decisions.md's first-start list had it on).
  ipregion: "0",
  // On: people may rename themselves until an organisation decides names are its own
  // (issue 51 item 4 made the switch work; it was seeded off while it did nothing).
  diyName: "1",
};

export const DEFAULT_CHAT_INFO: ChatInfo = {
  online: "1",
  webrtc: "0",
  videoCall: "1",
  groupChat: "1",
  simpleChat: "1",
  redoTime: "120",
  // No limit: an edit keeps its history, so a late one hides nothing (extensions.md §2).
  editTime: "0",
  linkPreview: "1",
  publicGroups: "1",
  groupUserMax: "0",
  dbDelMsg: "1",
  sendInterval: "0",
  stun: "",
  stunUser: "",
  stunPass: "",
  // Kept forever until an administrator sets a retention (decisions.md: nothing is lost by default).
  msgClearDay: "0",
};

export const DEFAULT_FILE_UPLOAD: FileUploadInfo = {
  size: "50",
  preview: "",
  fileExt: [
    "jpg",
    "jpeg",
    "ico",
    "webp",
    "bmp",
    "gif",
    "png",
    "pdf",
    "mp3",
    "wav",
    "wmv",
    "amr",
    "mp4",
    "3gp",
    "avi",
    "m2v",
    "mkv",
    "mov",
    "ppt",
    "pptx",
    "doc",
    "docx",
    "xls",
    "xlsx",
    "txt",
    "md",
    "hevc",
    "zip",
  ],
};

/** The config rows and their first values. */
export const DEFAULT_CONFIG = {
  sysInfo: DEFAULT_SYS_INFO,
  chatInfo: DEFAULT_CHAT_INFO,
  fileUpload: DEFAULT_FILE_UPLOAD,
} as const;

/** The name of one config row. */
export type ConfigName = keyof typeof DEFAULT_CONFIG;
