import type { Message } from "@parley/protocol";

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
    fileName: "",
    fileSize: 0,
    preview: "",
    download: "",
    pid: 0,
    extends: {},
    ...patch,
  };
}
