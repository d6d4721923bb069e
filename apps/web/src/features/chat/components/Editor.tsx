import { SendOutlined } from "@ant-design/icons";
import { Limits } from "@parley/protocol";
import { Button, Input } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChatUiStore } from "../chat-ui.store";
import styles from "./chat.module.css";
import { editorAction, hasContent } from "./editor-keys";

interface Props {
  contactId: number;
  sendKey: number;
  onSend(text: string): void;
}

/** The text editor: sends by the sendKey setting; keeps a draft per chat. */
export function Editor({ contactId, sendKey, onSend }: Props) {
  const { t } = useTranslation("chat");
  const saveDraft = useChatUiStore((s) => s.saveDraft);
  const [text, setText] = useState(
    () => useChatUiStore.getState().drafts[contactId] ?? "",
  );
  const textRef = useRef(text);
  const input = useRef<TextAreaRef>(null);
  textRef.current = text;

  useEffect(() => {
    setText(useChatUiStore.getState().drafts[contactId] ?? "");
    input.current?.focus();
    // The draft is saved when leaving the chat (SPEC §4).
    return () => saveDraft(contactId, textRef.current);
  }, [contactId, saveDraft]);

  const send = () => {
    if (!hasContent(text)) return;
    onSend(text.trim());
    setText("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
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
      const target = event.currentTarget;
      const { selectionStart, selectionEnd } = target;
      const next = `${text.slice(0, selectionStart)}\n${text.slice(selectionEnd)}`;
      setText(next);
      requestAnimationFrame(() =>
        target.setSelectionRange(selectionStart + 1, selectionStart + 1),
      );
    }
  };

  return (
    <div className={styles.editor}>
      <Input.TextArea
        ref={input}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={Limits.textMessageMax}
        variant="borderless"
        placeholder={t("editor.placeholder")}
        aria-label={t("editor.label")}
      />
      <div className={styles.editorFooter}>
        <span>
          {t(sendKey === 2 ? "editor.hintCtrlEnter" : "editor.hintEnter")}
        </span>
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!hasContent(text)}
          onClick={send}
        >
          {t("editor.send")}
        </Button>
      </div>
    </div>
  );
}
