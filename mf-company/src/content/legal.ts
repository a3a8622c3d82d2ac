/** Shape of a legal document (privacy policy, terms): data only, rendered by LegalDocumentView. */

/** A paragraph, or a bullet list when it is an array. */
export type LegalBlock = string | readonly string[];

export interface LegalSubsection {
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
