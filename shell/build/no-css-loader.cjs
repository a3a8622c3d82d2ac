// Server builds: a stylesheet import contributes nothing (the browser build emits the CSS).
module.exports = function noCss() {
  return 'export {};';
};
