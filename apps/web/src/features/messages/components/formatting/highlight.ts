import "highlight.js/styles/github.css";
import rehypeHighlight from "rehype-highlight";
import type { Options } from "react-markdown";

/**
 * Syntax highlighting of fenced code that names its language (highlight.js's common
 * languages through rehype-highlight): classes on spans, never markup of its own. A block
 * without a language, or with one it does not know, stays plain.
 */
export const HIGHLIGHT_PLUGINS: NonNullable<Options["rehypePlugins"]> = [
  [rehypeHighlight, { detect: false }],
];
