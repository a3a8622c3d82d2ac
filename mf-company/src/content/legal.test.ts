import { legalDocument, type LegalSection } from './legal';

const doc = (sections: LegalSection[]) => ({ title: 'Policy', updated: '2020-01-01', intro: [], sections });
const section = (id: string): LegalSection => ({ id, heading: id, body: ['Text.'] });

describe('legal documents', () => {
  it('refuses a document in which two sections, or a section and a subsection, share an anchor', () => {
    expect(() => legalDocument(doc([section('a'), section('a')]))).toThrow('Policy: the anchor "a" is used twice');
    expect(() => legalDocument(doc([{ ...section('a'), subsections: [section('b')] }, section('b')]))).toThrow('"b" is used twice');
  });

  it("refuses a section that takes the table of contents' anchor", () => {
    expect(() => legalDocument(doc([section('toc')]))).toThrow('"toc" is used twice');
  });
});
