import { classesIn, criticalCss, parseSheet, requiredClasses } from './critical-css';
import { firstPaintSheets } from './first-paint-sheets';
import { inlineStyleSources, type PageStylesheet } from './page-stylesheets';

const SHEET = [
  '@layer theme,base,utilities;',
  '@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}',
  '@layer utilities{.flex{display:flex}.grid{display:grid}.mk\\:md\\:p-4{padding:1rem}',
  '.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}',
  '.group-hover\\:underline:is(:where(.group):hover *){text-decoration:underline}',
  '.dialog-panel{position:fixed}.a:not(.closed){color:red}',
  '@media (width>=48rem){.md\\:grid-cols-3{grid-template-columns:repeat(3,1fr)}.menu-open{display:block}}}',
  '.shadow{--tw-shadow:0 1px red;box-shadow:var(--tw-shadow)}.ring{--tw-ring:0 0 1px blue}.hover\\:bg-ink:hover{color:#000}',
  '@keyframes spin{to{rotate:360deg}}#site-menu:target{display:block}',
  '@property --tw-shadow{syntax:"*";inherits:false}@property --tw-ring{syntax:"*";inherits:false}',
].join('');

describe('critical CSS', () => {
  it('names the classes a selector requires, not those under :not() or among alternatives', () => {
    expect(requiredClasses('.mk\\:md\\:grid-cols-3')).toEqual(['mk:md:grid-cols-3']);
    expect(requiredClasses('.group-hover\\:x:is(:where(.group):hover *)')).toEqual(['group-hover:x', 'group']);
    expect(requiredClasses(':where(.dark, .dark *) .a:not(.b)[data-x="1.5"]')).toEqual(['a']);
    expect(requiredClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4']);
  });

  it('reads class attributes as React writes them, entities included', () => {
    expect([...classesIn('<div class="flex [&amp;&gt;svg]:size-4"><p class="a">x</p></div>')]).toEqual(['flex', '[&>svg]:size-4', 'a']);
  });

  it("keeps the rules the markup's classes can match, with the at-rules, ids and elements around them", () => {
    const css = criticalCss(
      parseSheet(SHEET),
      classesIn('<main class="flex group a [&amp;&gt;svg]:size-4 md:grid-cols-3 group-hover:underline shadow ring hover:bg-ink">'),
    );
    expect(css).toContain('.flex{display:flex}');
    expect(css).toContain('.\\[\\&\\>svg\\]\\:size-4>svg');
    expect(css).toContain('.a:not(.closed)');
    expect(css).toContain('.md\\:grid-cols-3');
    expect(css).toContain('@layer theme,base,utilities;');
    expect(css).toContain('html{line-height:1.5}');
    expect(css).toContain('@keyframes spin');
    expect(css).toContain('#site-menu:target');
    expect(css).toContain('@property --tw-shadow');
    // What only a menu, a dialog or another page uses waits for the whole sheet.
    expect(css).not.toMatch(/\.grid\{|mk\\:md|dialog-panel|menu-open/);
    // Interaction states draw nothing at the first paint, and a registration no kept rule reads does nothing.
    expect(css).not.toMatch(/group-hover|hover\\:bg-ink|@property --tw-ring/);
  });
});

describe('first-paint sheets', () => {
  const whole = (css: string): PageStylesheet => ({ href: '/assets/main.css', inline: { css, cspSource: "'sha256-whole'" } });

  it('inlines the cut, allowed by its own hash, and keeps the cut for the same body', () => {
    const sheet = whole(SHEET);
    const [cut] = firstPaintSheets([sheet], '<main class="flex">hi</main>');
    expect(cut?.inline?.partial).toBe(true);
    expect(cut!.inline!.css.length).toBeLessThan(SHEET.length / 2);
    expect(inlineStyleSources([cut!])).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
    expect(inlineStyleSources([cut!])).not.toEqual(["'sha256-whole'"]);
    expect(firstPaintSheets([sheet], '<main class="flex">hi</main>')[0]!.inline).toBe(cut!.inline);
  });

  it('keeps whole sheets for a page the browser renders, and when cutting saves little', () => {
    const sheet = whole(SHEET);
    expect(firstPaintSheets([sheet], '')[0]).toBe(sheet);
    const small = whole('.flex{display:flex}body{margin:0}');
    expect(firstPaintSheets([small], '<main class="flex"></main>')[0]!.inline).toBe(small.inline);
  });
});
