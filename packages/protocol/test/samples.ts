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
  fileName: "",
  fileSize: 0,
  preview: "",
  download: "",
  pid: 0,
  extends: {},
};
