import {
  type Contact,
  type FileEntry,
  files as fileCalls,
  messages as messageCalls,
} from "@parley/protocol";
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useRef } from "react";
import { call } from "../../api/http";
import { refetchContacts } from "../contacts";
import type { LibraryFilter } from "./library-filter";

/** Everything this feature caches. */
export const filesKey = ["files"] as const;
/** Every page of the file library. */
export const libraryKey = [...filesKey, "library"] as const;

/** One page of the library and how many files match in all. */
export interface LibraryPage {
  entries: FileEntry[];
  total: number;
}

/**
 * A page of my files (`enterprise/files/index`), newest first: those I sent and those I
 * received (`role` 0), mine only (`is_all` 0: the console lists every file).
 */
export function useFileLibraryQuery(filter: LibraryFilter) {
  return useQuery({
    queryKey: [
      ...libraryKey,
      filter.cate,
      filter.keywords,
      filter.page,
      filter.limit,
    ],
    queryFn: async (): Promise<LibraryPage> => {
      const answer = await call(fileCalls.index, {
        page: filter.page,
        limit: filter.limit,
        cate: filter.cate,
        keywords: filter.keywords === "" ? undefined : filter.keywords,
        is_all: 0,
        role: 0,
      });
      return { entries: answer.data, total: answer.count };
    },
    // Turning the page, or another category, keeps the old cards until the new ones come.
    placeholderData: keepPreviousData,
  });
}

/**
 * The type a forward asks for. The server decides from what it stored (a voice clip goes
 * on as a file), and refuses any type but text, image, video and file.
 */
export function forwardType(entry: Pick<FileEntry, "msg_type">) {
  switch (entry.msg_type) {
    case "image":
      return "image";
    case "video":
      return "video";
    case "voice":
    case "file":
      return "file";
  }
}

/** Makes the client id of one send. */
export type ClientIdOf = (target: Contact) => string;

/**
 * Sends a stored file to each chosen chat (SPEC §3 "Message to send when forwarding a
 * file"), all at once, and resolves when every chat has answered: with the chats it went
 * to, or by throwing the first refusal (each one was already shown by the API layer).
 */
export async function forwardFile(
  entry: FileEntry,
  targets: readonly Contact[],
  clientIdOf: ClientIdOf = () => crypto.randomUUID(),
): Promise<Contact[]> {
  const answers = await Promise.allSettled(
    targets.map((target) =>
      call(messageCalls.sendMessage, {
        id: clientIdOf(target),
        type: forwardType(entry),
        content: entry.src,
        toContactId: target.id,
        is_group: target.is_group === 1 ? 1 : 0,
        file_id: entry.file_id,
      }),
    ),
  );
  const refused = answers.find((a) => a.status === "rejected");
  if (refused) throw refused.reason;
  return [...targets];
}

/** What one forward sends: which file, to which chats. */
export interface ForwardInput {
  entry: FileEntry;
  targets: readonly Contact[];
}

/**
 * Forwards a file from the library. A chat that refused keeps its client id for the next
 * try, and so do the chats that took it: the server answers a repeated id with the message
 * it stored, so trying again never sends anyone the file twice. The chats' last message
 * and the library come afresh once every chat has answered.
 */
export function useForwardFileMutation() {
  const client = useQueryClient();
  const ids = useRef(new Map<string, string>());
  const idKey = (entry: FileEntry, target: Contact) =>
    `${String(entry.file_id)}>${String(target.id)}`;
  return useMutation({
    mutationFn: ({ entry, targets }: ForwardInput) =>
      forwardFile(entry, targets, (target) => {
        const key = idKey(entry, target);
        const id = ids.current.get(key) ?? crypto.randomUUID();
        ids.current.set(key, id);
        return id;
      }),
    onSuccess: (_sent, { entry, targets }) => {
      // Delivered: sending the same file there again is a new message.
      for (const target of targets) ids.current.delete(idKey(entry, target));
    },
    // A file sent to a one-to-one chat is one more entry of the library, too.
    onSettled: () =>
      Promise.all([
        refetchContacts(client),
        client.invalidateQueries({ queryKey: libraryKey }),
      ]),
  });
}
