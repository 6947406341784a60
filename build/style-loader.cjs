// Minimal CSS loader for module bundles: `import './x.css'` injects one <style> tag.
// Layout styles belong in root-config/src/kontor.css; this is for small component styles.
module.exports = function kontorStyleLoader(source) {
  const id = JSON.stringify('kontor-style:' + this.resourcePath.replace(this.rootContext, ''));
  return `if (!document.getElementById(${id})) {
  const style = document.createElement('style');
  style.id = ${id};
  style.textContent = ${JSON.stringify(source)};
  document.head.appendChild(style);
}`;
};
