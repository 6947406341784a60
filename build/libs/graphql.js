// Entry of the shared library 'graphql': what Apollo's client uses at run time (it prints and
// visits documents). A chosen list, not `export *` (issue 30): the rest of graphql-js
// (parser, validation, execution, the type system) is no page's work — documents come
// generated or parsed at build time (build/graphql-parse-loader.cjs) — and the list lets
// webpack leave it out (43 KB → 5 KB compressed). A name a module needs is added here;
// build/libs/shared-exports.cjs fails the build until it is.
import { BREAK, Kind, OperationTypeNode, isSelectionNode, print, visit } from 'graphql';

const lib = {
  BREAK,
  Kind,
  OperationTypeNode,
  isSelectionNode,
  print,
  visit,
};
export { BREAK, Kind, OperationTypeNode, isSelectionNode, print, visit };
export default lib;
