import { Avatar, Mentions } from "antd";
import styles from "./chat.module.css";
import { type MentionsFieldProps, sharedFieldProps } from "./editor-field";

/** A group's text field: `@` opens the picker of members above it. */
export function MentionsField(props: MentionsFieldProps) {
  const { options, onSearch, onBlur, onPick, notFoundContent } = props;
  return (
    <Mentions
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
