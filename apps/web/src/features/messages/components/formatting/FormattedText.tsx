import { useEffect, useState } from "react";
import Markdown, { type Components, type Options } from "react-markdown";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import type { Processor } from "unified";
import { hasCodeFence } from "./might-format";
import styles from "./formatting.module.css";

/*
 * A text message drawn with Markdown (extensions.md §4): bold, italic, strike, code, fenced
 * code (highlighted when it names its language), quotes, lists and links — nothing else.
 * react-markdown builds React elements, never HTML: raw HTML in a message stays text
 * (its constructs are switched off in the parser and `skipHtml` drops any that remain),
 * and only the elements below are drawn; a link goes only to http, https or mailto.
 */

/** The parser's constructs a chat message does not use: their text stays as typed. */
const SWITCHED_OFF = [
  "headingAtx",
  "setextUnderline",
  "thematicBreak",
  "htmlFlow",
  "htmlText",
  "definition",
  "labelStartImage",
  "codeIndented",
  "characterReference",
  "table",
  "tasklistCheck",
  "gfmFootnoteDefinition",
  "gfmFootnoteCall",
  "gfmPotentialFootnoteCall",
];

/** A remark plugin that switches the constructs off (micromark's `disable`). */
function chatMarkdownOnly(this: Processor) {
  // remark-parse reads this list; its type lives in remark-parse, not a dependency here.
  const data = this.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push({
    disable: { null: SWITCHED_OFF },
  });
}

/** The elements a formatted message may hold. */
const ALLOWED = [
  "p",
  "br",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  // The highlighter's tokens (a class each, nothing else).
  "span",
];

/** Only web and mail addresses are links; anything else (javascript:, data:) is none. */
export function safeHref(url: string): string {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) ? url.trim() : "";
}

const COMPONENTS: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

/** The highlighter's rehype plugin, fetched with the first fenced code block drawn. */
type Plugins = NonNullable<Options["rehypePlugins"]>;
let highlighter: Plugins | null = null;
let highlighting: Promise<Plugins> | null = null;
function loadHighlighter(): Promise<Plugins> {
  highlighting ??= import("./highlight").then((m) => {
    highlighter = m.HIGHLIGHT_PLUGINS;
    return highlighter;
  });
  return highlighting;
}

/** A text message's words with their Markdown drawn. */
export function FormattedText({ text }: { text: string }) {
  const fenced = hasCodeFence(text);
  const [plugins, setPlugins] = useState<Plugins | null>(() =>
    fenced ? highlighter : null,
  );
  useEffect(() => {
    if (!fenced || plugins) return;
    let current = true;
    loadHighlighter().then(
      (loaded) => {
        if (current) setPlugins(loaded);
      },
      // Offline: the code stays unhighlighted, which loses nothing of it.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [fenced, plugins]);
  return (
    <div className={styles.formatted}>
      <Markdown
        remarkPlugins={[chatMarkdownOnly, remarkGfm, remarkBreaks]}
        rehypePlugins={plugins ?? []}
        allowedElements={ALLOWED}
        unwrapDisallowed
        skipHtml
        urlTransform={safeHref}
        components={COMPONENTS}
      >
        {text}
      </Markdown>
    </div>
  );
}
