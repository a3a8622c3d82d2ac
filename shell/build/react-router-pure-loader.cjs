// React Router's production build declares its components and contexts as top-level calls
// (`var NavLink = React10.forwardRef(...)`, `var AwaitContext = React.createContext(null)`) without
// a `/* @__PURE__ */` mark, then names them (`NavLink.displayName = "NavLink"`), so the bundler must
// keep every one of them, and all they reach (forms, fetchers, view transitions), even when the site
// imports none. Marking the calls pure and leaving out the names (read only by React DevTools) lets
// the shell's build drop what the router facade (`shell/src/router`) does not export. The calls only
// create objects; dropping an unused one changes nothing. A version whose chunk no longer has such
// declarations stops the build here, so the saving cannot vanish unseen.
const DECLARATION = /^(var [A-Za-z0-9_$]+ = )(React[0-9]*\.(?:forwardRef|createContext|memo)\()/gm;
const DISPLAY_NAME = /^[A-Za-z0-9_$]+\.displayName = "[^"\n]*";$/gm;

module.exports = function reactRouterPure(source) {
  const out = source.replace(DECLARATION, (_, head, call) => `${head}/* @__PURE__ */ ${call}`).replace(DISPLAY_NAME, '');
  // The chunk declaring the components must still declare them this way.
  if (/^var Link = /m.test(source) && (!/^var NavLink = \/\* @__PURE__ \*\/ /m.test(out) || /^NavLink\.displayName/m.test(out))) {
    throw new Error('react-router-pure-loader: React Router no longer declares NavLink as this loader expects; check it');
  }
  return out;
};
