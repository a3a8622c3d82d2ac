import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A lazy part's first load (the contact form, Radix primitives) is transformed by ts-jest on the spot,
// which can take over a second on a busy 2-core machine: findBy and waitFor wait up to 4 s, still
// inside Jest's 5 s per test, so a part that never comes fails with its own message.
configure({ asyncUtilTimeout: 4_000 });

// jsdom lacks the pointer-capture, scrolling and resize APIs Radix primitives (Select, Dialog) call.
if (typeof Element !== 'undefined') {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => undefined;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
