import { createHash } from "node:crypto";
import { groupContactId } from "@parley/protocol";
import type { Publish } from "../../context.js";
import type { Jobs } from "../../lib/jobs.js";
import {
  type Storage,
  storageKeyOf,
  storageSrc,
} from "../../storage/storage.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import {
  FACE_SOURCE_MAX_BYTES,
  type Face,
  GROUP_AVATAR_FACES,
  renderGroupAvatar,
} from "./group-avatar.js";
import type { GroupsRepository } from "./groups.repository.js";

export interface GroupAvatarsDeps {
  repo: Pick<
    GroupsRepository,
    "listAvatarFaces" | "replaceAvatar" | "listMemberIds"
  >;
  storage: Storage;
  jobs: Jobs;
  publish: Publish;
  /** The absolute base of links (`PUBLIC_URL`), or "" for relative ones. */
  publicUrl: string;
}

/** The stored members an avatar was drawn from: the same list draws the same picture. */
type FaceRow = Awaited<ReturnType<GroupsRepository["listAvatarFaces"]>>[number];

const signature = (rows: readonly FaceRow[]) =>
  JSON.stringify(rows.map((r) => [r.user_id, r.realname, r.avatar]));

/**
 * A group's composite avatar (wire-contract.md §5.7), rebuilt off the request path after its
 * members change: the call that changed them answers at once, changes to one group in a
 * burst coalesce into at most one more rebuild, and a rebuild that fails is logged by the
 * queue and changes nothing. Each rebuild reads at most nine members' pictures, each at
 * most 2 MiB. The file's name is its content's hash, so a new picture is a new address
 * and browsers never show a stale one; members hear of it as `setManager {group_id, avatar}`.
 */
export class GroupAvatarsService {
  constructor(private readonly deps: GroupAvatarsDeps) {}

  /** Queues a rebuild of a group's avatar; answers at once. */
  schedule(groupId: number): void {
    this.deps.jobs.schedule(`groupAvatar:${String(groupId)}`, () =>
      this.rebuild(groupId),
    );
  }

  /** Draws the avatar from the members as they are now, stores it, sets it and tells them. */
  async rebuild(groupId: number): Promise<void> {
    const { repo, storage } = this.deps;
    const rows = await repo.listAvatarFaces(groupId, GROUP_AVATAR_FACES);
    if (rows.length === 0) return;
    const png = await renderGroupAvatar(await this.facesOf(rows));
    // Another process may have changed the members meanwhile: draw again from the news.
    const now = await repo.listAvatarFaces(groupId, GROUP_AVATAR_FACES);
    if (signature(now) !== signature(rows)) {
      this.schedule(groupId);
      return;
    }
    const hash = createHash("sha256").update(png).digest("hex").slice(0, 24);
    const key = `${folderOf(groupId)}${hash}.png`;
    const src = storageSrc(key);
    await storage.put(key, png);
    const previous = await repo.replaceAvatar(groupId, src);
    if (previous === null) {
      // Disbanded while it was drawn.
      await storage.remove(key);
      return;
    }
    if (previous === src) return;
    const old = storageKeyOf(previous);
    if (old?.startsWith(folderOf(groupId))) await storage.remove(old);
    await this.deps.publish.toUsers(
      await repo.listMemberIds(groupId),
      "setManager",
      {
        group_id: groupContactId(groupId),
        avatar: avatarUrl(src, this.deps.publicUrl),
      },
    );
  }

  /** Each member's picture when it is a stored file within the size limit, else none. */
  private async facesOf(rows: readonly FaceRow[]): Promise<Face[]> {
    const faces: Face[] = [];
    for (const row of rows) {
      const key = storageKeyOf(row.avatar);
      faces.push({
        userId: row.user_id,
        name: row.realname,
        image: key
          ? await this.deps.storage.read(key, FACE_SOURCE_MAX_BYTES)
          : null,
      });
    }
    return faces;
  }
}

/** The folder of a group's avatars (wire-contract.md §5.8: `avatar/group_<id>/`). */
function folderOf(groupId: number): string {
  return `avatar/group_${String(groupId)}/`;
}
