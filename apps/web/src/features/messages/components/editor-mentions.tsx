import { Avatar, Mentions } from "antd";
import styles from "./chat.module.css";
import { AUTO_SIZE, type MentionsFieldProps } from "./editor-field";

/** A group's text field: `@` opens the picker of members above it. */
export function MentionsField({
  value,
  placeholder,
  label,
  onChange,
  onKeyDown,
  onPaste,
  onFieldFocus,
  options,
  onSearch,
  onBlur,
  onPick,
  notFoundContent,
}: MentionsFieldProps) {
  return (
    <Mentions
      autoFocus
      value={value}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      autoSize={AUTO_SIZE}
      variant="borderless"
      placeholder={placeholder}
      aria-label={label}
      onChange={onChange}
      onFocus={(e) => onFieldFocus(e.target)}
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
