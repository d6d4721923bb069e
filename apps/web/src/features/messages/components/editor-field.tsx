import type { MentionCandidate } from "../../groups";
import { Input } from "antd";
import type { ClipboardEvent, KeyboardEvent } from "react";

/** What the editor's text field takes in either form: plain, or with the `@` picker. */
export interface EditorFieldProps {
  value: string;
  placeholder: string;
  label: string;
  onChange: (next: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
  /** The field took the focus (the editor inserts and places the caret through it). */
  onFieldFocus: (field: HTMLTextAreaElement) => void;
}

export interface MentionsFieldProps extends EditorFieldProps {
  /** Who the picker offers now (filtered by what follows the `@`). */
  options: readonly MentionCandidate[];
  onSearch: (query: string) => void;
  onBlur: () => void;
  /** A person was picked: the name put in the text. */
  onPick: (name: string) => void;
  notFoundContent: string;
}

/** The field grows with its text from 3 to 8 lines. */
const AUTO_SIZE = { minRows: 3, maxRows: 8 };

/** The props antd's TextArea and Mentions take alike, from the editor's. */
export function sharedFieldProps({
  value,
  placeholder,
  label,
  onKeyDown,
  onPaste,
  onFieldFocus,
}: EditorFieldProps) {
  return {
    autoFocus: true,
    value,
    onKeyDown,
    onPaste,
    autoSize: AUTO_SIZE,
    variant: "borderless" as const,
    placeholder,
    "aria-label": label,
    onFocus: (event: { target: HTMLTextAreaElement }) =>
      onFieldFocus(event.target),
  };
}

/** The text field of a person's chat (and of a group's, until the picker's code is here). */
export function PlainField(props: EditorFieldProps) {
  return (
    <Input.TextArea
      {...sharedFieldProps(props)}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}
