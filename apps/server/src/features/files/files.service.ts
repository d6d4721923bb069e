import { lazyRequire } from "../../lib/lazy-require.js";
import type Sharp from "sharp";
import { randomBytes } from "node:crypto";
import {
  denial,
  fileCategory,
  fileExtension,
  type CallRequest,
  type FileEntry,
  type Message,
  type UploadMessage,
  type files,
  uploadMessageType,
  uploadRefusal,
} from "@parley/protocol";
import { type FastifyBaseLogger as Logger } from "fastify";
import { type Clock } from "../../lib/clock.js";
import { type Jobs } from "../../lib/jobs.js";
import { AppError, rateLimited, refuse } from "../../lib/errors.js";
import { signToken, verifyToken } from "../../lib/signing.js";
import { type Limiter } from "../../lib/rate-limits.js";
import { type Policy } from "../../context.js";
import { type SpooledFile } from "../../plugins/body.js";
import { type ByteRange, type Storage } from "../../storage/storage.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import { toGroupSetting } from "../groups/groups.mapper.js";
import { fileUrl } from "../messages/messages.mapper.js";
import { type FileSendInput } from "../messages/messages.service.js";
import {
  BlobRace,
  type FilesRepository,
  type StoredFile,
} from "./files.repository.js";
import {
  type FileMessages,
  type MessageEvents,
} from "../messages/messages.ports.js";
import { type GroupEvents } from "../groups/groups.ports.js";
import { type SigningKeys } from "../system/system.ports.js";
import {
  CARRIERS_CHECKED,
  MAX_IMAGE_PIXELS,
  MAX_THUMB_SOURCE_BYTES,
  THUMB_SIZE,
  cleanFileName,
  fileExtends,
  inspect,
  kindOf,
  showsInline,
  typeOfMime,
} from "./file-facts.js";

const sharp = lazyRequire<typeof Sharp>("sharp");
export type { StoredFile } from "./files.repository.js";
export { cleanFileName, showsInline } from "./file-facts.js";

/** The library's request as the call parsed it. */
export type LibraryInput = CallRequest<typeof files.index>;

const FILE_MESSAGE_TYPES = new Set(["image", "voice", "video", "file"]);

/** Who asks for a file or the library. */
export interface Viewer {
  userId: number;
  role: number;
}

/** A library row, whichever list it came from. */
interface LibraryRow {
  fileId: number;
  msgId: number;
  /** The carrying message's type. */
  type: string;
  name: string;
  size: number;
  ext: string;
  cate: number;
  createdAt: number;
  owner: FileEntry["user_id_info"];
  /** Whether the file's bytes are served in place (showsInline): only those have a preview. */
  inline: boolean;
}

/** One entry of the file library in the wire's shape (wire-contract.md §2.7). */
function libraryEntry(
  row: LibraryRow,
  publicUrl: string,
  /** A document's address at the preview service, when one is set (issue 51 item 8). */
  documentPreview: (fileId: number) => string = () => "",
): FileEntry {
  const src = fileUrl(row.fileId, publicUrl);
  const msgType = FILE_MESSAGE_TYPES.has(row.type)
    ? (row.type as FileEntry["msg_type"])
    : "file";
  return {
    file_id: row.fileId,
    msg_id: row.msgId,
    name: row.name,
    size: row.size,
    ext: row.ext,
    cate: row.cate,
    msg_type: msgType,
    src,
    // What the browser shows in place (a picture, a sound, a clip, also when sent as a
    // file); everything else is only ever downloaded.
    preview: row.inline ? src : documentPreview(row.fileId),
    download: `${src}?download=1`,
    extUrl: "",
    create_time: row.createdAt,
    user_id: row.owner.user_id,
    user_id_info: row.owner,
  };
}

/** What the document preview links are signed for (a key of their own). */
const PREVIEW_PURPOSE = "file-preview";
/** How long a document preview link lets the preview service fetch the file. */
export const PREVIEW_LINK_MS = 15 * 60 * 1000;

export interface FilesDeps {
  repo: FilesRepository;
  storage: Storage;
  jobs: Jobs;
  /** Uploads per user in a window (RATE_UPLOAD_USER). */
  uploadsPerUser: Limiter;
  clock: Clock;
  policy: Policy;
  /** The system settings (a port: app.ts wires it). */
  system: SigningKeys;
  /** Chat histories (a port: app.ts wires it). */
  messages: FileMessages;
  logger: Logger;
}

/** What this service asks of other features (app.ts wires each one). */
export type FilesPorts = Pick<FilesDeps, "system"> & {
  /** Chat histories, and their events (the module listens). */
  messages: FileMessages & MessageEvents;
  /** Groups' events (the module listens). */
  groups: GroupEvents;
};

/**
 * Files in chat: uploads stored once per content and sent as messages; downloads only for
 * people who may see a message carrying the file.
 */
export class FilesService {
  private readonly repo: FilesRepository;

  constructor(private readonly deps: FilesDeps) {
    this.repo = deps.repo;
  }

  /** Takes one of the user's uploads in the window, or refuses with the wait. */
  async admitUpload(userId: number): Promise<void> {
    const waitMs = await this.deps.uploadsPerUser.take(String(userId));
    if (waitMs > 0) throw rateLimited(waitMs);
  }

  /**
   * `uploadFile`: checks the file against the console's limits, stores it (once per
   * content), and sends it through the normal send path, which applies every chat rule. A
   * refused send stores nothing; a retried upload answers the first one's message.
   */
  async upload(
    userId: number,
    message: UploadMessage,
    spooled: SpooledFile | null,
    publicUrl: string,
  ): Promise<Message> {
    const { messages } = this.deps;
    const earlier = await messages.alreadySent(
      userId,
      message.id,
      message.toContactId,
      publicUrl,
    );
    // The sent message carries the upload answer's file fields (§2.3) itself.
    if (earlier) return earlier;
    if (!spooled || spooled.size === 0) throw refuse("file.missing");
    const name = cleanFileName(spooled.filename);
    const ext = fileExtension(name);
    const config = await this.deps.policy.config();
    // The same rule the client asks before sending (the size was already held to the
    // limit while the body streamed in).
    const refusal = uploadRefusal(name, spooled.size, config.fileUpload);
    if (refusal) {
      const { key, ...values } = refusal;
      throw refuse(key, values);
    }

    const facts = await inspect(spooled.path);
    const kind = kindOf(facts.mime);
    const type = showsInline(facts)
      ? uploadMessageType(facts.mime, message.type)
      : "file";
    const cate = fileCategory(kind, ext);
    const fileId = await this.store(userId, spooled, name, ext, {
      ...facts,
      cate,
    });
    // The container's own length wins over the one the client says.
    const duration = facts.duration ?? message.extends?.duration;
    try {
      const sent = await messages.send(
        userId,
        {
          id: message.id,
          toContactId: message.toContactId,
          pid: message.pid,
          thread_id: message.thread_id,
          thread_broadcast: message.thread_broadcast,
          type,
          content: `/files/${String(fileId)}`,
          fileId,
          extends: {
            ...fileExtends(name, spooled.size, facts),
            ...(duration !== undefined && (type === "voice" || type === "video")
              ? { duration }
              : {}),
          },
        },
        publicUrl,
      );
      return sent;
    } catch (error) {
      // Refused (not a member, muted, not a friend…): the file goes as if never sent.
      await this.release([fileId]);
      throw error;
    }
  }

  /**
   * A file row for the upload on the blob of its bytes: stored now under a new key when
   * these bytes are new, else the stored copy is used.
   */
  private async store(
    userId: number,
    spooled: SpooledFile,
    name: string,
    ext: string,
    facts: {
      mime: string;
      width: number | null;
      height: number | null;
      cate: number;
    },
    attempt = 0,
  ): Promise<number> {
    const known = await this.repo.findBlob(spooled.digest);
    // A new key every time bytes are stored, so freeing an old copy never hits this one.
    const key = `blob/${spooled.digest.slice(0, 2)}/${spooled.digest}-${randomBytes(6).toString("hex")}`;
    if (!known)
      await this.deps.storage.putFile(
        key,
        spooled.path,
        facts.mime || "application/octet-stream",
      );
    try {
      const added = await this.repo.addFile(
        {
          userId,
          name,
          ext,
          cate: facts.cate,
          digest: spooled.digest,
          createdAt: this.deps.clock.now(),
        },
        {
          storageKey: key,
          size: spooled.size,
          mime: facts.mime,
          width: facts.width,
          height: facts.height,
        },
      );
      // The copy found was freed meanwhile: these bytes became a new blob, stored now.
      if (added.created && known)
        await this.deps.storage.putFile(
          key,
          spooled.path,
          facts.mime || "application/octet-stream",
        );
      if (
        added.created &&
        facts.width !== null &&
        facts.height !== null &&
        Math.max(facts.width, facts.height) > THUMB_SIZE
      )
        this.scheduleThumb(key);
      return added.fileId;
    } catch (error) {
      if (!known) await this.removeQuietly([key]);
      if (error instanceof BlobRace && attempt === 0)
        return await this.store(userId, spooled, name, ext, facts, 1);
      throw error;
    }
  }

  /**
   * A stored file as a message carries it when sent again (forwarding): only a file the
   * sender may see (else it answers like a missing one), typed by its stored bytes.
   */
  async attachment(
    userId: number,
    fileId: number,
  ): Promise<Omit<FileSendInput, "id" | "toContactId" | "pid">> {
    // A file the sender may not see is a file not found, said as such (a download's
    // address answers like any unknown address).
    const file = await this.openFor({ userId, role: 0 }, fileId, false).catch(
      (error: unknown) => {
        throw error instanceof AppError && error.key === "request.notFound"
          ? refuse("file.notFound")
          : error;
      },
    );
    const type = showsInline(file)
      ? uploadMessageType(file.mime, "file")
      : "file";
    return {
      type,
      content: `/files/${String(file.fileId)}`,
      fileId: file.fileId,
      extends: fileExtends(file.name, file.size, file),
    };
  }

  /**
   * Makes a picture's thumbnail after the upload has answered (one render at a time, off
   * the request): a JPEG of at most THUMB_SIZE on its longest side.
   */
  private scheduleThumb(key: string): void {
    this.deps.jobs.schedule(`thumb:${key}`, async () => {
      const original = await this.deps.storage.read(
        key,
        MAX_THUMB_SOURCE_BYTES,
      );
      if (!original) return;
      const jpeg = await sharp()(original, {
        limitInputPixels: MAX_IMAGE_PIXELS,
      })
        .rotate()
        .resize(THUMB_SIZE, THUMB_SIZE, {
          fit: "inside",
          withoutEnlargement: true,
        })
        .jpeg({ quality: 80 })
        .toBuffer();
      const thumbKey = `thumb/${key.slice("blob/".length)}.jpg`;
      await this.deps.storage.put(thumbKey, jpeg);
      // The picture was freed meanwhile, or has one: this copy goes.
      if (!(await this.repo.setThumb(key, thumbKey)))
        await this.removeQuietly([thumbKey]);
    });
  }

  /** Frees files no message carries any more, and the bytes no file uses. */
  async release(fileIds: readonly number[]): Promise<void> {
    const keys = await this.repo.releaseFiles(fileIds);
    await this.removeQuietly(keys);
  }

  private async removeQuietly(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.deps.storage.remove(key);
      } catch (error) {
        // Left behind in storage: no row points at it, so nobody can reach it.
        this.deps.logger.warn(
          { err: error, key },
          "a freed file stayed in storage",
        );
      }
    }
  }

  /**
   * The file library (`enterprise/files/index`): the files of my one-to-one chats, by
   * page, newest first, with the total. `is_all` 1 is the console's list of every stored
   * file, for whoever may open the console (issue 12; wire-contract.md §7: the old server
   * showed it to anyone); anyone else gets their own list.
   */
  async library(
    viewer: Viewer,
    input: LibraryInput,
    publicUrl: string,
  ): Promise<{ entries: FileEntry[]; total: number }> {
    if (input.is_all === 1 && this.mayOpenAll(viewer))
      return this.allFiles(input, publicUrl);
    const { rows, total } = await this.repo.listLibrary({
      viewer: viewer.userId,
      role: input.role,
      cate: input.cate,
      keywords: (input.keywords ?? "").trim().toLowerCase(),
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
    });
    const documentPreview = await this.documentPreviews(publicUrl);
    const entries = rows.map((row) =>
      libraryEntry(
        {
          fileId: row.file_id ?? 0,
          msgId: row.msg_id,
          type: row.type,
          name: row.name,
          size: row.size,
          ext: row.ext,
          cate: row.cate,
          createdAt: row.created_at,
          inline: showsInline(row),
          owner: {
            user_id: row.from_user,
            realname: row.realname,
            avatar: avatarUrl(row.avatar, publicUrl),
          },
        },
        publicUrl,
        documentPreview,
      ),
    );
    return { entries, total };
  }

  /** Every stored upload, for the console. */
  private async allFiles(
    input: LibraryInput,
    publicUrl: string,
  ): Promise<{ entries: FileEntry[]; total: number }> {
    const { rows, total } = await this.repo.listAllFiles({
      cate: input.cate,
      keywords: (input.keywords ?? "").trim().toLowerCase(),
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
    });
    const entries = rows.map((row) => ({
      ...libraryEntry(
        {
          fileId: row.file_id,
          msgId: 0,
          type: row.msg_type ?? typeOfMime(row.mime),
          name: row.name,
          size: row.size,
          ext: row.ext,
          cate: row.cate,
          createdAt: row.created_at,
          inline: showsInline(row),
          owner: {
            user_id: row.user_id,
            realname: row.realname,
            avatar: avatarUrl(row.avatar, publicUrl),
          },
        },
        publicUrl,
      ),
      carriers: row.carriers ?? 0,
    }));
    return { entries, total };
  }

  /** Whether a viewer may see every stored file: whoever may open the console. */
  private mayOpenAll(viewer: Viewer): boolean {
    return denial(this.deps.policy.actor(viewer), "console.open") === null;
  }

  /** A stored file by id, for the console's removal; undefined when there is none. */
  stored(fileId: number): Promise<StoredFile | undefined> {
    return this.repo.findFile(fileId);
  }

  /** A file's bytes, or a range of them; null when storage has lost them. */
  bytes(file: StoredFile, range?: ByteRange) {
    return this.deps.storage.stream(file.storageKey, range);
  }

  /** A picture's thumbnail bytes (a JPEG), or null when it has none. */
  thumbnail(file: StoredFile) {
    return file.thumbKey
      ? this.deps.storage.read(file.thumbKey, 4 * 1024 * 1024)
      : Promise.resolve(null);
  }

  /**
   * The document preview service's address of each file (`fileUpload.preview`, issue 51
   * item 8), or none: the service's URL followed by the file's address, URL-encoded (or put
   * in place of `{url}`), signed for PREVIEW_LINK_MS so the service, which has no session,
   * may fetch it and nobody may after.
   */
  private async documentPreviews(
    publicUrl: string,
  ): Promise<(fileId: number) => string> {
    const service = (await this.deps.policy.config()).fileUpload.preview.trim();
    if (!/^https?:\/\//i.test(service)) return () => "";
    const key = await this.deps.system.signingKey(PREVIEW_PURPOSE);
    const expiresAt = this.deps.clock.now() + PREVIEW_LINK_MS;
    return (fileId) => {
      const token = signToken(key, { f: fileId }, expiresAt);
      const address = encodeURIComponent(
        `${fileUrl(fileId, publicUrl)}?preview=${token}`,
      );
      return service.includes("{url}")
        ? service.replace("{url}", address)
        : `${service}${address}`;
    };
  }

  /** A file a preview link names, while the link holds; else nothing. */
  async openByPreviewLink(
    fileId: number,
    token: string,
  ): Promise<StoredFile | null> {
    const key = await this.deps.system.signingKey(PREVIEW_PURPOSE);
    const granted = verifyToken(key, token, this.deps.clock.now());
    if (granted?.data.f !== fileId) return null;
    return (await this.repo.findFile(fileId)) ?? null;
  }

  /**
   * A file for `viewer` to download: its uploader, or someone who may see a message that
   * carries it (a 1:1 message they are party to; a message of a group they are in, that
   * the group's history lets them see); with `consoleView` (a download, not a forward),
   * whoever may open the console. Anything else answers exactly like a missing file.
   */
  async openFor(
    viewer: Viewer,
    fileId: number,
    consoleView: boolean,
  ): Promise<StoredFile> {
    const file = await this.repo.findFile(fileId);
    if (!file) throw refuse("request.notFound");
    if (file.userId === viewer.userId) return file;
    // Downloading (not forwarding): the console lists every file (issue 12).
    if (consoleView && this.mayOpenAll(viewer)) return file;
    const carriers = await this.repo.fileCarriers(
      fileId,
      viewer.userId,
      CARRIERS_CHECKED,
    );
    const visible = carriers.some(
      (carrier) =>
        carrier.is_group === 0 ||
        // A group's message: to a member, unless history is off and it predates them.
        (carrier.setting !== null &&
          carrier.joined_seq !== null &&
          (toGroupSetting(carrier.setting).history !== "0" ||
            carrier.seq > carrier.joined_seq)),
    );
    if (visible) return file;
    throw refuse("request.notFound");
  }
}
