/** Shape of a legal document (privacy policy, terms): data only, rendered by LegalDocumentView. */

/** A paragraph, or a bullet list when it is an array. */
export type LegalBlock = string | readonly string[];

export interface LegalSubsection {
  /** Anchor of the section within its document; rendered through legalAnchorId. */
  id: string;
  heading: string;
  body: readonly LegalBlock[];
}

export interface LegalSection extends LegalSubsection {
  subsections?: readonly LegalSubsection[];
}

export interface LegalDocument {
  title: string;
  /** ISO calendar date of the last update. */
  updated: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

/**
 * The HTML id of a document's anchor. Section ids are written by whoever edits the text, and the page
 * frame has ids of its own (`#contact` is the Talk to Sales section on every page): a policy section
 * called "contact" once made two elements with `id="contact"`, and `/privacy#contact` landed on the
 * wrong one. Every id a document renders carries this prefix, which nothing outside legal documents uses.
 */
export const legalAnchorId = (id: string) => `legal-${id}`;

/** The table of contents' heading; its anchor is reserved, so no section may be called this. */
export const LEGAL_TOC_ID = 'toc';

/**
 * Declares a legal document, refusing one in which two anchors would be the same (two sections with
 * one id, or a section taking the table of contents' id): a repeated id breaks in-page links.
 */
export function legalDocument(doc: LegalDocument): LegalDocument {
  const seen = new Set([LEGAL_TOC_ID]);
  for (const section of doc.sections.flatMap((s) => [s, ...(s.subsections ?? [])])) {
    if (seen.has(section.id)) throw new Error(`${doc.title}: the anchor "${section.id}" is used twice`);
    seen.add(section.id);
  }
  return doc;
}
