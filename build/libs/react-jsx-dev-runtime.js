// Shared library 'react/jsx-dev-runtime' (issue 9). Kontor's own builds never import it (the
// preset compiles JSX for `react/jsx-runtime` in every mode), but a bundle compiled elsewhere
// in development mode does, and React's own file is no use on this page: production React
// exports `jsxDEV = undefined`, and its development build bundled into a module breaks
// against the shared React (`dispatcher.getOwner is not a function`). So jsxDEV here is the
// shared runtime's jsx/jsxs: the element is the same, only dev-time warnings are missing.
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

/** jsxDEV(type, props, key, isStaticChildren, source, self) of React's dev runtime. */
export function jsxDEV(type, props, key, isStaticChildren) {
  return isStaticChildren ? jsxs(type, props, key) : jsx(type, props, key);
}
export { Fragment };
export default { Fragment, jsxDEV };
