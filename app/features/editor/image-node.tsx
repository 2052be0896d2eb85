import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from "lexical";
import type { JSX } from "react";

// An inline image in the rich text, inserted by the image host's secure_url (docs/product.md §7).
export type SerializedImageNode = Spread<{ src: string; altText: string }, SerializedLexicalNode>;

export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __altText: string;

  static getType() {
    return "image";
  }

  static clone(node: ImageNode) {
    return new ImageNode(node.__src, node.__altText, node.__key);
  }

  constructor(src: string, altText = "", key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__altText = altText;
  }

  static importJSON(json: SerializedImageNode) {
    return $createImageNode(json.src, json.altText);
  }

  exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), type: "image", version: 1, src: this.__src, altText: this.__altText };
  }

  static importDOM(): DOMConversionMap {
    return {
      img: () => ({
        conversion: (element) => {
          const src = (element as HTMLImageElement).getAttribute("src");
          return { node: src ? $createImageNode(src, (element as HTMLImageElement).getAttribute("alt") ?? "") : null };
        },
        priority: 0,
      }),
    };
  }

  exportDOM(): DOMExportOutput {
    const img = document.createElement("img");
    img.setAttribute("src", this.__src);
    img.setAttribute("alt", this.__altText);
    return { element: img };
  }

  createDOM() {
    const span = document.createElement("span");
    span.className = "editor-image";
    return span;
  }

  updateDOM() {
    return false;
  }

  isInline() {
    return true;
  }

  decorate() {
    return <img src={this.__src} alt={this.__altText} loading="lazy" />;
  }
}

export function $createImageNode(src: string, altText = "") {
  return $applyNodeReplacement(new ImageNode(src, altText));
}
