// Re-export entry of '@blueprintjs/core'. Blueprint's default icon loader pulls every 16px
// (or 20px) path into one 50 KB chunk; here each icon's paths are a small JSON file, emitted
// by webpack.libs.cjs into libs/blueprint-icons-<version>/, fetched the first time it shows.
/* global __BLUEPRINT_ICONS_DIR__ */
import * as lib from '@blueprintjs/core';
import { Icons } from '@blueprintjs/icons';

Icons.setLoaderOptions({
  loader: async (name, size) => {
    const url = `${__webpack_public_path__}${__BLUEPRINT_ICONS_DIR__}/${size}px/${name}.json`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  },
});

export * from '@blueprintjs/core';
export default lib;
