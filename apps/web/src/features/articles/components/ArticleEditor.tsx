import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  MinusOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import { ARTICLE_IMAGE_MAX_BYTES, CONSOLE_IMAGE_TYPES } from "@parley/protocol";
import Image from "@tiptap/extension-image";
import { Placeholder } from "@tiptap/extensions";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Button, Input, Popover, Tooltip } from "antd";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/feedback";
import { siteRelative } from "../../../lib/site-address";
import { useUploadArticleImageMutation } from "../articles.queries";
import styles from "./articles.module.css";

/** The pictures the editor sends: what the server takes, checked here first. */
const PICTURE_TYPES: ReadonlySet<string> = new Set(CONSOLE_IMAGE_TYPES);
const PICTURE_ACCEPT = CONSOLE_IMAGE_TYPES.join(",");

/** The marks of the heading buttons: the same in every language. */
const HEADING_MARKS = { 2: "H2", 3: "H3" } as const;

/** A toolbar button: its label is its tooltip and its accessible name. */
function Tool({
  label,
  icon,
  active = false,
  disabled = false,
  loading = false,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? "primary" : "text"}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        loading={loading}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** A link's address as typed: http(s) or mailto, else taken as a web address. */
function linkAddress(typed: string): string | null {
  const text = typed.trim();
  if (text === "") return null;
  if (/^(https?:|mailto:)/i.test(text)) return text;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return null;
  return `https://${text}`;
}

/**
 * The console's rich-text editor for articles (TipTap over ProseMirror): paragraphs,
 * headings, bold, italic, underline, strike, lists, quotes, code, rules, links and
 * pictures (uploaded through `uploadImage`, purpose article), with undo. It hands out HTML;
 * the server keeps only these tags.
 */
export function ArticleEditor({
  initial,
  onChange,
  label,
}: {
  /** The body it opens with; later changes of this prop are not followed. */
  initial: string;
  onChange: (html: string) => void;
  label: string;
}) {
  const { t } = useTranslation("articles");
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState("");
  const sendPicture = useUploadArticleImageMutation();
  const picker = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ["http", "https", "mailto"],
        },
      }),
      Placeholder.configure({ placeholder: t("editor.placeholder") }),
      Image.configure({ allowBase64: false }),
    ],
    content: initial,
    editorProps: {
      attributes: {
        "aria-label": label,
        "aria-multiline": "true",
        role: "textbox",
      },
    },
    onUpdate: ({ editor: current }) =>
      onChange(current.isEmpty ? "" : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      strike: e.isActive("strike"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      code: e.isActive("codeBlock"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const applyLink = () => {
    const href = linkAddress(link);
    if (href === null) chain().extendMarkRange("link").unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href }).run();
    setLinkOpen(false);
  };

  /** Sends a chosen picture and puts it where the cursor is. */
  const insertPicture = async (file: File) => {
    if (!PICTURE_TYPES.has(file.type)) {
      toast("error", t("editor.pictureType"));
      return;
    }
    if (file.size > ARTICLE_IMAGE_MAX_BYTES) {
      toast("error", t("editor.pictureSize"));
      return;
    }
    try {
      const src = await sendPicture.mutateAsync(file);
      const alt = file.name.replace(/\.[^.]*$/, "");
      // After what is selected, never in its place.
      chain()
        .setTextSelection(editor.state.selection.to)
        .setImage({ src: siteRelative(src), alt })
        .run();
    } catch {
      // The call's own refusal was shown by the feedback layer.
    }
  };

  return (
    <div className={styles.articleEditor}>
      <div
        className={styles.articleToolbar}
        role="toolbar"
        aria-label={t("editor.toolbar")}
      >
        <Tool
          label={t("editor.h2")}
          icon={<span>{HEADING_MARKS[2]}</span>}
          active={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <Tool
          label={t("editor.h3")}
          icon={<span>{HEADING_MARKS[3]}</span>}
          active={state.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <span className={styles.articleToolbarGap} />
        <Tool
          label={t("editor.bold")}
          icon={<BoldOutlined />}
          active={state.bold}
          onClick={() => chain().toggleBold().run()}
        />
        <Tool
          label={t("editor.italic")}
          icon={<ItalicOutlined />}
          active={state.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <Tool
          label={t("editor.underline")}
          icon={<UnderlineOutlined />}
          active={state.underline}
          onClick={() => chain().toggleUnderline().run()}
        />
        <Tool
          label={t("editor.strike")}
          icon={<StrikethroughOutlined />}
          active={state.strike}
          onClick={() => chain().toggleStrike().run()}
        />
        <span className={styles.articleToolbarGap} />
        <Tool
          label={t("editor.bullet")}
          icon={<UnorderedListOutlined />}
          active={state.bullet}
          onClick={() => chain().toggleBulletList().run()}
        />
        <Tool
          label={t("editor.ordered")}
          icon={<OrderedListOutlined />}
          active={state.ordered}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <Tool
          label={t("editor.quote")}
          icon={<span>“”</span>}
          active={state.quote}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <Tool
          label={t("editor.code")}
          icon={<CodeOutlined />}
          active={state.code}
          onClick={() => chain().toggleCodeBlock().run()}
        />
        <Tool
          label={t("editor.rule")}
          icon={<MinusOutlined />}
          onClick={() => chain().setHorizontalRule().run()}
        />
        <Popover
          open={linkOpen}
          trigger="click"
          onOpenChange={(open) => {
            if (open) setLink(String(editor.getAttributes("link").href ?? ""));
            setLinkOpen(open);
          }}
          content={
            <div style={{ display: "flex", gap: 8 }}>
              <Input
                autoFocus
                aria-label={t("editor.linkAddress")}
                placeholder="https://"
                value={link}
                onChange={(event) => setLink(event.target.value)}
                onPressEnter={applyLink}
                style={{ width: 240 }}
              />
              <Button type="primary" onClick={applyLink}>
                {t("editor.linkApply")}
              </Button>
            </div>
          }
        >
          <span>
            <Tool
              label={t("editor.link")}
              icon={<LinkOutlined />}
              active={state.link}
              onClick={() => undefined}
            />
          </span>
        </Popover>
        <Tool
          label={t("editor.picture")}
          icon={<PictureOutlined />}
          loading={sendPicture.isPending}
          onClick={() => picker.current?.click()}
        />
        <input
          ref={picker}
          type="file"
          hidden
          accept={PICTURE_ACCEPT}
          aria-label={t("editor.picture")}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void insertPicture(file);
          }}
        />
        <span className={styles.articleToolbarGap} />
        <Tool
          label={t("editor.undo")}
          icon={<UndoOutlined />}
          disabled={!state.canUndo}
          onClick={() => chain().undo().run()}
        />
        <Tool
          label={t("editor.redo")}
          icon={<RedoOutlined />}
          disabled={!state.canRedo}
          onClick={() => chain().redo().run()}
        />
      </div>
      <EditorContent editor={editor} className={styles.articleEditable} />
    </div>
  );
}
