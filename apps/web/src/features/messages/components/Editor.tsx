import { SendOutlined } from "@ant-design/icons";
import { type ContactId, hasVisibleText, textToHtml } from "@parley/protocol";
import { Button, Input } from "antd";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChatUiStore } from "../chat-ui.store";
import styles from "./chat.module.css";
import { editorAction } from "./editor-keys";
import { lengthState } from "./editor-length";

interface Props {
  contactId: ContactId;
  sendKey: number;
  onSend: (text: string) => void;
}

/**
 * The text editor: sends by the sendKey setting; mounted once per chat, it starts from
 * that chat's draft and saves the draft when the chat is left (SPEC §4).
 */
export function Editor({ contactId, sendKey, onSend }: Props) {
  const { t } = useTranslation("messages");
  const [text, setText] = useState(
    () => useChatUiStore.getState().drafts[String(contactId)] ?? "",
  );
  const latest = useRef(text);

  useEffect(() => {
    latest.current = text;
  }, [text]);
  useEffect(
    () => () => useChatUiStore.getState().saveDraft(contactId, latest.current),
    [contactId],
  );

  const length = lengthState(text);
  const sendable = hasVisibleText(textToHtml(text)) && length.over === 0;

  const send = () => {
    if (!sendable) return;
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
      setText(`${text.slice(0, selectionStart)}\n${text.slice(selectionEnd)}`);
      requestAnimationFrame(() =>
        target.setSelectionRange(selectionStart + 1, selectionStart + 1),
      );
    }
  };

  return (
    <div className={styles.editor}>
      <Input.TextArea
        autoFocus
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 3, maxRows: 8 }}
        variant="borderless"
        placeholder={t("editor.placeholder")}
        aria-label={t("editor.label")}
      />
      <div className={styles.editorFooter}>
        <span>
          {length.over > 0
            ? t("editor.tooLong", { count: length.over })
            : t(sendKey === 2 ? "editor.hintCtrlEnter" : "editor.hintEnter")}
        </span>
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
          icon={<SendOutlined />}
          disabled={!sendable}
          onClick={send}
        >
          {t("editor.send")}
        </Button>
      </div>
    </div>
  );
}
