// Radix Select's viewport writes a <style> element (rules hiding its scrollbar), which the site's
// Content-Security-Policy refuses: opening "How can we help?" logged a violation. The element is left
// out of the browser build; the select sets `scrollbar-width: none` on its viewport itself
// (shell/src/contact/business-help-select.tsx). A Radix upgrade that changes the element stops the build
// here rather than bringing the violation back unseen.
const STYLE_ELEMENT =
  /\/\* @__PURE__ \*\/ jsx\(\s*"style",\s*\{\s*dangerouslySetInnerHTML: \{\s*__html: `\[data-radix-select-viewport\][^`]*`\s*\},\s*nonce\s*\}\s*\),/;

module.exports = function radixSelectWithoutStyleElement(source) {
  if (!STYLE_ELEMENT.test(source)) {
    throw new Error(
      'radix-select-csp-loader: the Select viewport no longer renders the <style> element this loader removes; check it against the CSP',
    );
  }
  return source.replace(STYLE_ELEMENT, 'null,');
};
