import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { $isLinkNode, AutoLinkNode, LinkNode, TOGGLE_LINK_COMMAND } from "@lexical/link";
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode } from "@lexical/list";
import { type InitialConfigType, LexicalComposer } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { $createHeadingNode, $createQuoteNode, HeadingNode, QuoteNode } from "@lexical/rich-text";
import { $setBlocksType } from "@lexical/selection";
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  FORMAT_TEXT_COMMAND,
  type LexicalEditor,
  type TextFormatType,
} from "lexical";
import { useEffect, useId, useRef, useState } from "react";

import { toolbarText as t } from "~/content/editor";

import { $createImageNode, ImageNode } from "./image-node";

// The rich-text editor (Lexical). Loaded only on editor routes, through React.lazy, so no
// public page downloads it. It keeps the named hidden input "content" up to date with HTML.

export type RichTextProps = {
  labelId: string;
  initialHtml: string;
  onChange: (html: string) => void;
  /** Uploads an inline image and answers its secure_url, or null when it failed. */
  uploadImage: (file: File) => Promise<string | null>;
};

const theme = {
  paragraph: "rt-p",
  heading: { h2: "rt-h2", h3: "rt-h3" },
  quote: "rt-quote",
  list: { ul: "rt-ul", ol: "rt-ol", listitem: "rt-li" },
  link: "rt-link",
  text: { bold: "rt-bold", italic: "rt-italic", underline: "rt-underline" },
};

function loadHtml(html: string) {
  return (editor: LexicalEditor) => {
    // An empty editor still starts with a paragraph, so the first block-style change has a block to change.
    if (!html.trim()) {
      $getRoot().append($createParagraphNode());
      return;
    }
    const dom = new DOMParser().parseFromString(html, "text/html");
    const nodes = $generateNodesFromDOM(editor, dom);
    const root = $getRoot();
    root.clear();
    root.select();
    $insertNodes(nodes);
  };
}

export default function RichText({ labelId, initialHtml, onChange, uploadImage }: RichTextProps) {
  const initialConfig: InitialConfigType = {
    namespace: "academy-editor",
    theme,
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, AutoLinkNode, ImageNode],
    editorState: loadHtml(initialHtml),
    onError: (error) => console.error("[editor]", error),
  };
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <div className="rich-text">
        <Toolbar uploadImage={uploadImage} />
        <div className="rich-text-body">
          <RichTextPlugin
            contentEditable={
              <ContentEditable className="editor-content" aria-labelledby={labelId} aria-multiline role="textbox" />
            }
            placeholder={<p className="editor-placeholder">{t.placeholder}</p>}
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin validateUrl={(url) => /^(https?:|mailto:|tel:|\/)/i.test(url)} />
        <OnChangePlugin
          ignoreSelectionChange
          onChange={(state, editor) =>
            state.read(() => onChange(withoutBareSpans($generateHtmlFromNodes(editor, null))))
          }
        />
      </div>
    </LexicalComposer>
  );
}

/** Lexical wraps every run of text in a <span>; the stored HTML is cleaner without them. */
function withoutBareSpans(html: string) {
  return html.replace(/<span(?: style="[^"]*")?>/g, "").replace(/<\/span>/g, "");
}

type Block = "paragraph" | "h2" | "h3" | "quote";

function Toolbar({ uploadImage }: { uploadImage: RichTextProps["uploadImage"] }) {
  const [editor] = useLexicalComposerContext();
  const [formats, setFormats] = useState<Record<string, boolean>>({});
  const [block, setBlock] = useState<Block>("paragraph");
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) =>
        editorState.read(() => {
          const selection = $getSelection();
          if (!$isRangeSelection(selection)) return;
          setFormats({
            bold: selection.hasFormat("bold"),
            italic: selection.hasFormat("italic"),
            underline: selection.hasFormat("underline"),
          });
          const top = selection.anchor.getNode().getTopLevelElement();
          const type = top?.getType();
          setBlock(
            type === "heading" ? ((top as HeadingNode).getTag() as Block) : type === "quote" ? "quote" : "paragraph",
          );
        }),
      ),
    [editor],
  );

  const format = (f: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, f);
  const setBlockType = (value: Block) => {
    editor.update(() => {
      // The select took the focus: fall back to the end of the text when no selection is left.
      const current = $getSelection();
      const selection = $isRangeSelection(current) ? current : $getRoot().selectEnd();
      $setBlocksType(selection, () =>
        value === "paragraph"
          ? $createParagraphNode()
          : value === "quote"
            ? $createQuoteNode()
            : $createHeadingNode(value),
      );
    });
    editor.focus();
  };
  const toggleLink = () => {
    let isLink = false;
    editor.getEditorState().read(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection))
        isLink = selection.getNodes().some((n) => $isLinkNode(n) || $isLinkNode(n.getParent()));
    });
    if (isLink) return editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
    const url = window.prompt(t.linkPrompt, "https://");
    if (url && url !== "https://") editor.dispatchCommand(TOGGLE_LINK_COMMAND, url);
  };
  const insertImage = async (file: File) => {
    setUploading(true);
    const src = await uploadImage(file);
    setUploading(false);
    if (!src) return;
    editor.update(() => {
      const image = $createImageNode(src, file.name.replace(/\.[a-z0-9]+$/i, ""));
      const selection = $getSelection();
      if ($isRangeSelection(selection)) {
        $insertNodes([image]);
      } else {
        const paragraph = $createParagraphNode();
        paragraph.append(image);
        $getRoot().append(paragraph);
      }
    });
  };

  return (
    <div className="rt-toolbar" role="toolbar" aria-label="Formatting">
      <select
        aria-label={t.blockType}
        value={block === "quote" ? "paragraph" : block}
        onChange={(e) => setBlockType(e.currentTarget.value as Block)}
      >
        <option value="paragraph">{t.paragraph}</option>
        <option value="h2">{t.h2}</option>
        <option value="h3">{t.h3}</option>
      </select>
      <button
        type="button"
        aria-pressed={!!formats.bold}
        onClick={() => format("bold")}
        title={t.bold}
        aria-label={t.bold}
      >
        <b>B</b>
      </button>
      <button
        type="button"
        aria-pressed={!!formats.italic}
        onClick={() => format("italic")}
        title={t.italic}
        aria-label={t.italic}
      >
        <i>I</i>
      </button>
      <button
        type="button"
        aria-pressed={!!formats.underline}
        onClick={() => format("underline")}
        title={t.underline}
        aria-label={t.underline}
      >
        <u>U</u>
      </button>
      <button
        type="button"
        onClick={() => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined)}
        title={t.bulletList}
        aria-label={t.bulletList}
      >
        •{" "}
      </button>
      <button
        type="button"
        onClick={() => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined)}
        title={t.numberedList}
        aria-label={t.numberedList}
      >
        1.{" "}
      </button>
      <button
        type="button"
        aria-pressed={block === "quote"}
        onClick={() => setBlockType(block === "quote" ? "paragraph" : "quote")}
        title={t.quote}
        aria-label={t.quote}
      >
        ❝
      </button>
      <button type="button" onClick={toggleLink} title={t.link} aria-label={t.link}>
        {t.linkShort}
      </button>
      <label htmlFor={fileId} className="rt-image-button" title={t.image} aria-busy={uploading}>
        <span aria-hidden="true">{t.imageShort}</span>
        <span className="visually-hidden">{t.image}</span>
      </label>
      <input
        ref={fileRef}
        id={fileId}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        className="visually-hidden"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file) void insertImage(file);
        }}
      />
    </div>
  );
}
