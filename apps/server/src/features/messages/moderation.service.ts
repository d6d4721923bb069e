import {
  type ConsoleFavourite,
  DEAL_TYPES,
  MASKED_CONTENT,
  groupContactId,
} from "@parley/protocol";
import { refuse } from "../../lib/errors.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import { type MessageRow } from "./message-store.repository.js";
import {
  contactOf,
  type MessageActionsDeps,
  partiesOf,
} from "./message-actions.service.js";
import { auditActorOf, mayWriteConsole } from "../accounts/admin-acts.js";

/**
 * What an administrator does to messages from the console (issue 12): delete or mask one
 * for everyone, remove an uploaded file from every message carrying it, list and remove
 * anyone's favourites. Each is refused in demo mode, audited, and shown live in the chats.
 */
export class ModerationService {
  private readonly repo: MessageActionsDeps["repo"];

  constructor(
    private readonly deps: Pick<
      MessageActionsDeps,
      | "repo"
      | "policy"
      | "audit"
      | "accounts"
      | "files"
      | "groups"
      | "publish"
      | "messages"
      | "events"
    >,
  ) {
    this.repo = deps.repo;
  }

  /**
   * `manage/message/dealMsg`: an administrator deletes (dealType 1) or masks (any other) a
   * message for everyone; the chats showing it drop it (`delMessage`) or show the mask
   * (`updateMessage`) at once; the audit log keeps what it said (its first 200 characters).
   */
  async moderate(
    admin: { userId: number; role: number; ip: string },
    clientId: string,
    msgId: number | undefined,
    dealType: number,
  ): Promise<void> {
    mayWriteConsole(this.deps.policy, admin);
    const candidates = await this.repo.findAllByClientId(clientId, 0);
    const row =
      msgId === undefined
        ? candidates[0]
        : candidates.find((candidate) => candidate.msg_id === msgId);
    if (!row) throw refuse("message.notFound");
    const deleting = dealType === DEAL_TYPES.delete;
    if (!(await this.moderateRow(row, deleting)))
      throw refuse("message.notFound");
    const groupId = row.is_group === 1 ? row.to_user : null;
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      deleting ? "message.delete" : "message.mask",
      { type: "message", id: row.msg_id },
      {
        from_user: row.from_user,
        to: groupId === null ? row.to_user : groupContactId(groupId),
        type: row.type,
        content: row.content.slice(0, 200),
      },
      null,
    );
  }
  /**
   * `manage/files/del` (issue 12): an administrator removes an uploaded file. Every message
   * carrying it is masked for everyone, live, as `dealMsg` masks; then the file goes, and
   * its bytes once no other upload shares them. Audited once, with the file's name.
   */
  async removeFile(
    admin: { userId: number; role: number; ip: string },
    fileId: number,
  ): Promise<void> {
    mayWriteConsole(this.deps.policy, admin);
    const { files } = this.deps;
    const file = await files.stored(fileId);
    if (!file) throw refuse("file.notFound");
    // A batch at a time: each mask clears the message's file, so the next batch is new.
    let masked = 0;
    for (;;) {
      const carriers = await this.repo.findByFileId(fileId);
      let progressed = false;
      for (const row of carriers)
        if (await this.moderateRow(row, false)) {
          masked += 1;
          progressed = true;
        }
      if (!progressed) break;
    }
    await this.deps.events.emit("filesDropped", { fileIds: [fileId] });
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      "file.delete",
      { type: "file", id: fileId },
      { name: file.name, size: file.size, messages: masked },
      null,
    );
  }
  /**
   * Deletes (or masks) one message for everyone: its file released when nothing else
   * carries it, and the chats showing it told at once. False when it was already gone.
   */
  private async moderateRow(
    row: MessageRow,
    deleting: boolean,
  ): Promise<boolean> {
    const groupId = row.is_group === 1 ? row.to_user : null;
    const audience =
      groupId === null
        ? partiesOf(row)
        : await this.deps.groups.memberIds(groupId);
    if (deleting) {
      if (!(await this.repo.deleteMessage(row))) return false;
    } else if (!(await this.repo.mask(row, MASKED_CONTENT))) return false;
    if (row.file_id !== null)
      await this.deps.events.emit("filesDropped", { fileIds: [row.file_id] });

    const { publish } = this.deps;
    for (const viewer of groupId === null ? audience : [null]) {
      const to = viewer === null ? audience : [viewer];
      const toContactId =
        viewer === null ? groupContactId(row.to_user) : contactOf(row, viewer);
      if (deleting)
        await publish.toUsers(to, "delMessage", {
          id: row.client_msg_id,
          msg_id: row.msg_id,
          from_user: row.from_user,
          toContactId,
        });
      else
        await publish.toUsers(to, "updateMessage", {
          id: row.client_msg_id,
          type: "text",
          content: MASKED_CONTENT,
        });
    }
    return true;
  }
  /** `manage/collect/index`: everyone's favourites, or one user's, for the console. */
  async allFavourites(
    userId: number | undefined,
    page: number,
    limit: number,
    publicUrl: string,
  ): Promise<{ favourites: ConsoleFavourite[]; count: number }> {
    const { rows, total } = await this.repo.listAllFavourites(userId, {
      limit,
      offset: (page - 1) * limit,
    });
    const messages = await this.deps.messages.consoleView(rows, publicUrl);
    return {
      favourites: rows.flatMap((row, index) => {
        const message = messages[index];
        return message
          ? [
              {
                id: row.favourite_id,
                saved_at: row.saved_at,
                user: {
                  user_id: row.saver_id,
                  realname: row.saver_realname,
                  account: row.saver_account,
                  avatar: avatarUrl(row.saver_avatar, publicUrl),
                },
                message,
              },
            ]
          : [];
      }),
      count: total,
    };
  }
  /** `manage/collect/delCollect`: an administrator removes a favourite; the log keeps it. */
  async removeAnyFavourite(
    admin: { userId: number; role: number; ip: string },
    favouriteId: number,
  ): Promise<void> {
    mayWriteConsole(this.deps.policy, admin);
    const gone = await this.repo.deleteAnyFavourite(favouriteId);
    if (!gone) throw refuse("favourite.notFound");
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      "favourite.delete",
      { type: "message", id: gone.msg_id },
      { favourite_id: gone.favourite_id, user_id: gone.user_id },
      null,
    );
  }
}
