/** What a key press in the editor does, by the user's sendKey setting (decisions.md). */
export type EditorAction = "send" | "newline" | "none";

/**
 * sendKey 1 (the default): Enter sends, Ctrl+Enter breaks the line. sendKey 2: Ctrl+Enter
 * sends, Enter breaks the line (the textarea's own behaviour). Shift+Enter always breaks;
 * a key pressed while an input method is composing is left alone.
 */
export function editorAction(
  event: {
    key: string;
    ctrlKey: boolean;
    metaKey: boolean;
    shiftKey: boolean;
    isComposing: boolean;
  },
  sendKey: number,
): EditorAction {
  if (event.key !== "Enter" || event.isComposing || event.shiftKey)
    return "none";
  const modified = event.ctrlKey || event.metaKey;
  if (sendKey === 2) return modified ? "send" : "none";
  return modified ? "newline" : "send";
}
