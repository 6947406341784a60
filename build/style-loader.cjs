// Minimal CSS loader for module bundles: `import './x.css'` injects one <style> tag.
// Layout styles belong in root-config/src/kontor.css; this is for small component styles.

/**
 * The CSS without its comments and spare white space (issue 30: a third of a page's injected
 * CSS was comments and indentation, downloaded and parsed as a JavaScript string). Only
 * changes that keep every rule: white space around `{`, `}` and `;` and a rule's last `;`.
 */
function minify(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

module.exports = function kontorStyleLoader(source) {
  const id = JSON.stringify('kontor-style:' + this.resourcePath.replace(this.rootContext, ''));
  const css = this.mode === 'production' ? minify(source) : source;
  return `if (!document.getElementById(${id})) {
  const style = document.createElement('style');
  style.id = ${id};
  style.textContent = ${JSON.stringify(css)};
  document.head.appendChild(style);
}`;
};
