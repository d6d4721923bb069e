import type { LinkPreview } from "@parley/protocol";
import type { Publish } from "../../context.js";
import { refuse } from "../../lib/errors.js";
import type { Emitter } from "../../events.js";
import { parseJsonObject } from "../../lib/json.js";
import { partiesOf } from "./message-actions.service.js";
import type { LinkPreviewRepository } from "./link-preview.repository.js";
import type { MessageRow } from "./message-store.repository.js";
import { wireExtends } from "./messages.mapper.js";
import type { GroupMembers } from "./messages.deps.js";
import type { MessagesService } from "./messages.service.js";
import type { MessageEventMap } from "./messages.ports.js";

/** A message's content holds a web link (the server made every one an `<a href>`). */
const LINKED = /<a href="https?:\/\//i;

/** Whether a stored text message is one a link preview is asked for. */
export function carriesLink(type: string, content: string): boolean {
  return type === "text" && LINKED.test(content);
}

/**
 * Tells the features above that a text message with a link was stored (sent or edited),
 * after the commit: the previews feature fetches the link's page.
 */
export async function announceLink(
  events: Emitter<MessageEventMap>,
  row: MessageRow,
): Promise<void> {
  if (carriesLink(row.type, row.content))
    await events.emit("linkSent", { msgId: row.msg_id, content: row.content });
}

export interface LinkPreviewDeps {
  repo: LinkPreviewRepository;
  seenBy: MessagesService["seenBy"];
  publish: Publish;
  groups: GroupMembers;
  events: Emitter<MessageEventMap>;
}

/**
 * A text message's link preview (extensions.md §5) as messages keeps it: in the message's
 * `extends.linkPreview`, set when the previews feature has fetched it, taken away by its
 * sender; each change told to everyone who sees the message as `updateMessage`.
 */
export class LinkPreviewService {
  constructor(private readonly deps: LinkPreviewDeps) {}

  /**
   * Sets a message's preview of `url` when the message still shows that link (not
   * withdrawn, edited away or dismissed meanwhile). Answers whether it was set.
   */
  async attachLinkPreview(
    msgId: number,
    preview: LinkPreview,
  ): Promise<boolean> {
    const row = await this.deps.repo.setPreview(msgId, (current) => {
      if (current.is_undo === 1 || current.type !== "text") return null;
      if (!current.content.includes(`href="${escapeAttribute(preview.url)}"`))
        return null;
      const ext = parseJsonObject(current.extends);
      if (ext.linkPreviewDismissed === 1) return null;
      return { ...ext, linkPreview: preview };
    });
    if (!row) return false;
    await this.announce(row);
    return true;
  }

  /** `dismissLinkPreview`: the sender takes the preview away; idempotent. */
  async dismiss(userId: number, clientId: string): Promise<void> {
    let seen: MessageRow | null = null;
    for (const row of await this.deps.repo.findAllByClientId(
      clientId,
      userId,
    )) {
      if (await this.deps.seenBy(userId, row)) {
        seen = row;
        break;
      }
    }
    if (!seen) throw refuse("message.notFound");
    if (seen.from_user !== userId) throw refuse("message.editDenied");
    const row = await this.deps.repo.setPreview(seen.msg_id, (current) => {
      const ext = parseJsonObject(current.extends);
      if (ext.linkPreviewDismissed === 1) return null;
      const rest = { ...ext };
      delete rest.linkPreview;
      // Kept dismissed: a preview fetched after the dismissal does not come back.
      return { ...rest, linkPreviewDismissed: 1 };
    });
    if (row) await this.announce(row);
  }

  /** `updateMessage` with the message's `extends` to everyone who sees it. */
  private async announce(row: MessageRow): Promise<void> {
    const audience =
      row.is_group === 1
        ? await this.deps.groups.viewerIds(row.to_user, row.seq)
        : partiesOf(row);
    await this.deps.publish.toUsers(audience, "updateMessage", {
      id: row.client_msg_id,
      type: row.type,
      content: row.content,
      editTime: row.edit_time,
      extends: wireExtends(row.type, parseJsonObject(row.extends)),
    });
  }
}

/** A URL as the server's HTML writes it in an attribute. */
function escapeAttribute(url: string): string {
  return url.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
}
