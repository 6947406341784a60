// Parses GraphQL documents at build time (issue 30): a module's `parse(`query … `)` of
// graphql becomes the document itself, as the code generator's documents are, so the page
// needs no GraphQL parser: the shared 'graphql' exports only what Apollo's client uses at run
// time (printing, visiting), 12 KB → 5 KB compressed on every page. A template may put in a
// constant of the same file (`${FIELDS}`, `const FIELDS = `…``). A call this cannot replace
// fails the build (build/libs/shared-exports.cjs: `parse` is not in build/libs/graphql.js).
const { parse } = require('graphql');

const IMPORTS_PARSE = /import\s*\{[^}]*\bparse\b[^}]*\}\s*from\s*['"]graphql['"]/;
/** A template's text: anything but a backtick, a backslash or `${`, and its `${NAME}`s. */
const TEMPLATE = String.raw`((?:[^${'`'}\\$]|\$(?!\{)|\$\{\s*[A-Za-z_$][\w$]*\s*\})*)`;
const CALL = new RegExp(String.raw`\bparse\(\s*${'`'}${TEMPLATE}${'`'}\s*\)`, 'g');
const CONSTANT = new RegExp(
  String.raw`\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*${'`'}((?:[^${'`'}\\$]|\$(?!\{))*)${'`'}\s*;`,
  'g',
);

module.exports = function graphqlParseLoader(source) {
  if (!IMPORTS_PARSE.test(source)) return source;
  const constants = new Map([...source.matchAll(CONSTANT)].map(([, name, text]) => [name, text]));
  return source.replace(CALL, (call, template) => {
    let unknown = false;
    const text = template.replace(/\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g, (_, name) => {
      if (!constants.has(name)) unknown = true;
      return constants.get(name) ?? '';
    });
    return unknown ? call : `(${JSON.stringify(parse(text, { noLocation: true }))})`;
  });
};
