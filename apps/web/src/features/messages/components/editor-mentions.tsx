import { Avatar, Mentions, type MentionsRef } from "antd";
import { useEffect, useRef } from "react";
import styles from "./chat.module.css";
import { type MentionsFieldProps, sharedFieldProps } from "./editor-field";
import { mentionQuery } from "./mentions";

/** A group's text field: `@` opens the picker of members above it. */
export function MentionsField(props: MentionsFieldProps) {
  const { options, onSearch, onBlur, onPick, notFoundContent } = props;
  const ref = useRef<MentionsRef>(null);

  // This field replaces the plain one when its code arrives, which may be after the `@`
  // was typed: the picker then opens on what is already typed, as if typed here. Shift is
  // the key antd's Mentions (rc-mentions) opens its picker on at any point of a mention.
  useEffect(() => {
    const field = ref.current?.nativeElement.querySelector("textarea");
    if (!field || document.activeElement !== field) return;
    if (mentionQuery(field.value, field.selectionStart) === null) return;
    field.dispatchEvent(
      new KeyboardEvent("keyup", { key: "Shift", bubbles: true }),
    );
  }, []);

  return (
    <Mentions
      ref={ref}
      {...sharedFieldProps(props)}
      onChange={props.onChange}
      onSearch={onSearch}
      onBlur={onBlur}
      // The option's value is the name put in the text; its key does not survive antd's
      // option handling, so the editor finds the person again by that name.
      onSelect={(option) => onPick(option.value ?? "")}
      filterOption={false}
      notFoundContent={notFoundContent}
      placement="top"
      options={options.map((m) => ({
        key: m.id,
        value: m.name,
        label: (
          <span className={styles.mentionOption}>
            <Avatar src={m.avatar || undefined} size={20}>
              {m.name.slice(0, 1)}
            </Avatar>
            <span>{m.name}</span>
          </span>
        ),
      }))}
    />
  );
}
