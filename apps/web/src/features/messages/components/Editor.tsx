import {
  CheckOutlined,
  CloseOutlined,
  EditOutlined,
  SendOutlined,
} from "@ant-design/icons";
import { type ContactId, hasVisibleText, textToHtml } from "@parley/protocol";
import { Button } from "antd";
import {
  type ClipboardEvent,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { lazyDialog, lazyPart } from "../../../lib/lazy-parts";
import { matchesPerson, type MentionCandidate } from "../../groups";
import { editorSlot, useChatUiStore } from "../../../stores/chat-ui.store";
import { pastedPicture, pictureToJpeg } from "../screenshot";
import type { FileIntent } from "../send-file";
import styles from "./chat.module.css";
import { editorAction } from "./editor-keys";
import { lengthState } from "./editor-length";
import { EditorToolbar } from "./EditorToolbar";
import type { ShotDialog as Shot } from "./ShotDialog";
import {
  type EditorFieldProps,
  type MentionsFieldProps,
  PlainField,
} from "./editor-field";
import { syncDraft } from "../messages.queries";
import { useTypingNotifier } from "../typing";
import { type Mentionable, mentionedIds, mentionQuery } from "./mentions";
import { commandQuery } from "../commands.queries";
import { CommandHints } from "./CommandHints";
import {
  historyKey,
  present,
  record,
  redo,
  startHistory,
  undo,
} from "./undo-history";

/** How long typing rests before the draft is kept on the server (for my other devices). */
const DRAFT_SYNC_MS = 1_500;

/** The most names the `@` picker lists at once; typing narrows them. */
const PICKER_MAX = 50;

/**
 * A group's field with the `@` picker, whose code (antd's Mentions and menu) comes with the
 * first group chat opened: until then the plain field stands in, and takes typing.
 */
/** The screenshot's yes-or-no, fetched when the first picture is pasted or taken. */
const ShotDialog = lazyDialog<ComponentProps<typeof Shot>>(
  () => import("./ShotDialog").then((m) => m.ShotDialog),
  {
    useOpen: (props) => props.shot !== null,
    onFailed: (props) => props.onClose(false),
  },
);

const MentionsField = lazyPart<MentionsFieldProps>(
  () => import("./editor-mentions").then((m) => m.MentionsField),
  PlainField,
);

interface Props {
  contactId: ContactId;
  /**
   * A thread's editor (extensions.md §6): the root's client id. Its draft, quote and edit
   * are its own and kept on this device only; nobody is told I am typing.
   */
  threadId?: string;
  /** In place of the chat's placeholder (a thread's "Reply…"). */
  placeholder?: string;
  /** Beside the send button (a thread's "Also send to chat"). */
  footerExtra?: ReactNode;
  sendKey: number;
  /** In a group: who may be mentioned (everyone first when I may); none in a person's chat. */
  mentionables?: readonly MentionCandidate[];
  /** When I may not speak here: why, shown in place of the editor (SPEC §5). */
  blocked?: ReactNode;
  /** What the server holds as this chat's draft (from any of my devices). */
  serverDraft?: string;
  /** Sends the text, with the ids it mentions and the message it quotes. */
  onSend: (text: string, at: string[], pid?: number) => void;
  /** Files chosen, dropped or recorded: each is sent as its own message. */
  onSendFiles: (files: File[], intent: FileIntent, duration?: number) => void;
  /** Opens the chat's history search. */
  onHistory?: () => void;
  /** Saves an edit of my message (extensions.md §2), with the ids it newly mentions. */
  onEdit?: (id: string, text: string, at: string[]) => void;
  /** The Up arrow in an empty editor: edit my last message; false when there is none. */
  onEditLast?: () => boolean;
  /** Show what Markdown the messages draw (the "Format messages" setting, extensions.md §4). */
  formatHint?: boolean;
}

/**
 * The text editor: sends by the sendKey setting; mounted once per chat, it starts from
 * that chat's draft and saves the draft when the chat is left (SPEC §4). In a group `@`
 * opens a picker of members found by name or pinyin; Ctrl+Z and Ctrl+Y go back and forth
 * through the last 50 changes (SPEC §5).
 */
export function Editor({
  contactId,
  threadId,
  placeholder,
  footerExtra,
  sendKey,
  mentionables,
  blocked,
  serverDraft = "",
  onSend,
  onSendFiles,
  onHistory,
  onEdit,
  onEditLast,
  formatHint = false,
}: Props) {
  const { t } = useTranslation("messages");
  const slot = editorSlot(contactId, threadId);
  const inThread = threadId !== undefined;
  const [history, setHistory] = useState(() =>
    startHistory(
      useChatUiStore.getState().drafts[String(slot)] ??
        (inThread ? "" : serverDraft),
    ),
  );
  const text = present(history).text;
  const quote = useChatUiStore((s) => s.quotes[String(slot)]);
  // The draft as the server last knew it: typing differs from it until it is kept there.
  const synced = useRef(serverDraft);
  const [picked, setPicked] = useState<Mentionable[]>([]);
  const [query, setQuery] = useState<string | null>(null);
  const latest = useRef(text);
  // `/` at the start offers the slash commands (not in a thread, not while editing); the
  // first one offered, which Tab takes.
  const typedCommand = inThread ? null : commandQuery(text);
  const firstCommand = useRef<string | null>(null);
  const offerFirst = useCallback((name: string | null) => {
    firstCommand.current = name;
  }, []);
  const pickCommand = (name: string) => {
    change(`/${name} `);
    placeCaret(name.length + 2);
  };
  // One of my messages being edited (extensions.md §2).
  const editing = useChatUiStore((s) =>
    s.editing?.contactId === slot ? s.editing : null,
  );
  /** The edit the editor holds (its nonce; 0 none), and what was typed before it. */
  const editTaken = useRef(0);
  const beforeEdit = useRef("");
  /** A screenshot or pasted picture waiting for the user's yes. */
  const [shot, setShot] = useState<{ file: File; url: string } | null>(null);
  const field = useRef<HTMLTextAreaElement | null>(null);
  // The chat hears that I am typing, at most every 3 s (extensions.md §3).
  const typing = useTypingNotifier(contactId);

  useEffect(() => {
    latest.current = text;
  }, [text]);
  useEffect(
    () => () => {
      // Left while editing: the draft is what was typed before, not the message's text.
      const draft =
        editTaken.current === 0 ? latest.current : beforeEdit.current;
      if (editTaken.current !== 0) useChatUiStore.getState().stopEdit();
      useChatUiStore.getState().saveDraft(slot, draft);
      if (!inThread && draft !== synced.current) syncDraft(contactId, draft);
    },
    [contactId, slot, inThread],
  );
  // Typing that rests is kept on the server, so my other devices show it (issue 11).
  useEffect(() => {
    if (text === synced.current || editing || inThread) return;
    const timer = setTimeout(() => {
      synced.current = text;
      syncDraft(contactId, text);
    }, DRAFT_SYNC_MS);
    return () => clearTimeout(timer);
  }, [text, contactId, editing, inThread]);
  // A draft from another device replaces mine only while I have not typed since.
  useEffect(() => {
    if (serverDraft === synced.current || inThread) return;
    if (latest.current === synced.current) {
      setHistory((h) =>
        record(h, { text: serverDraft, caret: serverDraft.length }),
      );
    }
    synced.current = serverDraft;
  }, [serverDraft, inThread]);
  // Text handed to this editor: a withdrawn message to re-edit.
  const fill = useChatUiStore((s) => s.editorFill);
  const filled = useRef(fill?.nonce ?? 0);
  useEffect(() => {
    if (!fill || fill.nonce === filled.current || fill.contactId !== slot)
      return;
    filled.current = fill.nonce;
    setHistory((h) => record(h, { text: fill.text, caret: fill.text.length }));
    requestAnimationFrame(() => field.current?.focus());
  }, [fill, slot]);

  // One of my messages to edit: the editor takes its text, and gives back what was being
  // typed when the edit is saved or cancelled.
  useEffect(() => {
    if (!editing || editing.nonce === editTaken.current) return;
    if (editTaken.current === 0) beforeEdit.current = latest.current;
    editTaken.current = editing.nonce;
    setHistory(startHistory(editing.text));
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(
        editing.text.length,
        editing.text.length,
      );
    });
  }, [editing]);
  const leaveEdit = () => {
    editTaken.current = 0;
    useChatUiStore.getState().stopEdit();
    setHistory(startHistory(beforeEdit.current));
    setPicked([]);
  };

  const options = useMemo(
    () =>
      query === null || !mentionables
        ? []
        : mentionables
            .filter((m) =>
              matchesPerson({ displayName: m.name, name_py: m.name_py }, query),
            )
            .slice(0, PICKER_MAX),
    [mentionables, query],
  );

  const length = lengthState(text);
  const sendable = hasVisibleText(textToHtml(text)) && length.over === 0;

  const change = (next: string, caret = next.length) => {
    setHistory((h) => record(h, { text: next, caret }));
    // An edit is no news to the chat: nobody is told I am typing one.
    if (!editing && !inThread) typing.typed(next);
  };

  const placeCaret = (caret: number) => {
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(caret, caret);
    });
  };

  const insert = (piece: string) => {
    const el = field.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const caret = start + piece.length;
    change(`${text.slice(0, start)}${piece}${text.slice(end)}`, caret);
    placeCaret(caret);
  };

  const offerShot = (file: File) => {
    setShot((old) => {
      if (old) URL.revokeObjectURL(old.url);
      return { file, url: URL.createObjectURL(file) };
    });
  };
  const closeShot = (send: boolean) => {
    if (shot) {
      if (send) onSendFiles([shot.file], "image");
      URL.revokeObjectURL(shot.url);
    }
    setShot(null);
  };

  // A pasted picture (a screenshot from the clipboard) goes as JPEG after a yes (SPEC §2).
  // Other pasted files (copied in a file manager) go as they are, like a drop.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const picture = pastedPicture(event.clipboardData);
    const others = Array.from(event.clipboardData.files).filter(
      (file) => !file.type.startsWith("image/"),
    );
    if (!picture && others.length === 0) return;
    event.preventDefault();
    if (others.length > 0) onSendFiles(others, "file");
    if (picture)
      pictureToJpeg(picture).then(offerShot, (error: unknown) => {
        console.warn("The pasted picture could not be read", error);
      });
  };

  const send = () => {
    if (!sendable) return;
    if (editing) {
      onEdit?.(editing.id, text.trim(), mentionedIds(text, picked));
      leaveEdit();
      return;
    }
    onSend(text.trim(), mentionedIds(text, picked), quote?.msgId);
    setHistory(startHistory(""));
    setPicked([]);
    if (quote) useChatUiStore.getState().setQuote(slot, null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const target = event.currentTarget;
    field.current = target;
    const step = historyKey(event);
    if (step) {
      event.preventDefault();
      const next = step === "undo" ? undo(history) : redo(history);
      setHistory(next);
      placeCaret(present(next).caret);
      return;
    }
    if (editing && event.key === "Escape") {
      event.preventDefault();
      leaveEdit();
      return;
    }
    // Up in an empty editor edits my last message (as Slack and Mattermost do).
    if (
      event.key === "ArrowUp" &&
      text === "" &&
      !editing &&
      !event.shiftKey &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey &&
      onEditLast?.()
    ) {
      event.preventDefault();
      return;
    }
    // While commands are offered, Tab takes the first.
    if (
      event.key === "Tab" &&
      !editing &&
      typedCommand !== null &&
      firstCommand.current !== null
    ) {
      event.preventDefault();
      pickCommand(firstCommand.current);
      return;
    }
    // While the @ picker offers names, Enter picks one (the picker's own key).
    if (
      event.key === "Enter" &&
      mentionQuery(text, target.selectionStart) !== null &&
      options.length > 0
    )
      return;
    const action = editorAction(
      {
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        isComposing: event.nativeEvent.isComposing,
      },
      sendKey,
    );
    if (action === "send") {
      event.preventDefault();
      send();
    } else if (action === "newline") {
      event.preventDefault();
      const { selectionStart, selectionEnd } = target;
      change(
        `${text.slice(0, selectionStart)}\n${text.slice(selectionEnd)}`,
        selectionStart + 1,
      );
      placeCaret(selectionStart + 1);
    }
  };

  if (blocked)
    return (
      <div className={styles.editorBlocked} role="status">
        {blocked}
      </div>
    );

  const fieldProps: EditorFieldProps = {
    value: text,
    onKeyDown,
    onPaste,
    placeholder:
      placeholder ??
      t(mentionables ? "editor.placeholderGroup" : "editor.placeholder"),
    label: t("editor.label"),
    onChange: (next) => change(next, field.current?.selectionStart),
    onFieldFocus: (element) => {
      // The field was swapped under the typing (a group's `@` picker arrives after the
      // first keys): the caret goes where the typing left it, not to the start.
      const swapped = field.current !== null && field.current !== element;
      field.current = element;
      if (swapped) {
        const { caret } = present(history);
        element.setSelectionRange(caret, caret);
      }
    },
  };

  return (
    <div className={styles.editor}>
      <EditorToolbar
        onEmoji={insert}
        onFiles={onSendFiles}
        onScreenshot={offerShot}
        onHistory={onHistory}
      />
      <ShotDialog shot={shot} onClose={closeShot} />
      {editing && (
        <div className={styles.quoteBar} data-testid="edit-bar">
          <span>
            <EditOutlined /> {t("edit.editing")}
          </span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t("edit.cancel")}
            onClick={leaveEdit}
          />
        </div>
      )}
      {quote && !editing && (
        <div className={styles.quoteBar} data-testid="quote-bar">
          <span>
            {t("quote.replyingTo", { name: quote.name })}
            {quote.text}
          </span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t("quote.cancel")}
            onClick={() => useChatUiStore.getState().setQuote(slot, null)}
          />
        </div>
      )}
      {!editing && typedCommand !== null && (
        <CommandHints
          query={typedCommand}
          onFirst={offerFirst}
          onPick={pickCommand}
        />
      )}
      {mentionables ? (
        <MentionsField
          {...fieldProps}
          options={options}
          onSearch={(q) => setQuery(q)}
          onBlur={() => setQuery(null)}
          onPick={(name) => {
            const who = options.find((m) => m.name === name);
            if (who)
              setPicked((list) => [
                ...list.filter((m) => m.id !== who.id),
                { id: who.id, name },
              ]);
            setQuery(null);
          }}
          notFoundContent={t("editor.noOneToMention")}
        />
      ) : (
        <PlainField {...fieldProps} />
      )}
      <div className={styles.editorFooter}>
        <span>
          {length.over > 0
            ? t("editor.tooLong", { count: length.over })
            : editing
              ? t(sendKey === 2 ? "edit.hintCtrlEnter" : "edit.hintEnter")
              : (footerExtra ??
                t(sendKey === 2 ? "editor.hintCtrlEnter" : "editor.hintEnter"))}
        </span>
        {formatHint && !length.visible && length.over === 0 && (
          <span className={styles.formatHint} aria-hidden>
            {t("editor.formatHint")}
          </span>
        )}
        {length.visible && (
          <span
            role="status"
            aria-label={t("editor.counter")}
            className={length.over > 0 ? styles.counterOver : styles.counter}
          >
            {`${length.length} / ${length.max}`}
          </span>
        )}
        <Button
          type="primary"
          icon={editing ? <CheckOutlined /> : <SendOutlined />}
          disabled={!sendable}
          onClick={send}
        >
          {t(editing ? "edit.save" : "editor.send")}
        </Button>
      </div>
    </div>
  );
}
