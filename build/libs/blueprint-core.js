// Entry of '@blueprintjs/core'. A chosen list, not `export *` (issue 30): what Kontor's modules
// and @blueprintjs/select (bundled into @kontor/ui) use; the list lets webpack leave out the
// rest (Drawer, Tree, sliders, panel stacks, the older Popover …: 88 KB → 54 KB compressed). A name a
// module needs is added here; build/libs/shared-exports.cjs fails the build until it is.
//
// Icons: Blueprint's default loader pulls every 16px (or 20px) path into one 50 KB chunk, and
// one file per icon (libs/blueprint-icons-<version>/<size>px/<name>.json, emitted by
// webpack.libs.cjs) cost a request each (41 on /orders). The icons Kontor shows by name
// (build/libs/icon-names.cjs) come in one file per size, fetched once with the first icon of
// that size; an icon not in it still loads as its own file.
/* global __BLUEPRINT_ICONS_DIR__, __BLUEPRINT_ICON_SETS__ */
import {
  AbstractComponent,
  AbstractPureComponent,
  Alert,
  AnchorButton,
  Button,
  ButtonGroup,
  Callout,
  Card,
  Checkbox,
  Classes,
  Code,
  DISPLAYNAME_PREFIX,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H2,
  H3,
  H4,
  H5,
  HTMLSelect,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
  NonIdealState,
  OverlayToaster,
  PopoverNext,
  PopupKind,
  Position,
  ProgressBar,
  Radio,
  RadioGroup,
  SegmentedControl,
  Spinner,
  Switch,
  Tab,
  Tabs,
  Tag,
  TagInput,
  TextArea,
  Tooltip,
  Utils,
  mergeRefs,
  popoverPropsToNextProps,
  refHandler,
  setRef,
} from '@blueprintjs/core';
import { Icons } from '@blueprintjs/icons';

/** Size → the promise of its set of paths (name → paths), fetched once. */
const sets = new Map();
function iconSet(size) {
  let set = sets.get(size);
  if (!set) {
    const file = __BLUEPRINT_ICON_SETS__[size];
    set = file
      ? fetch(`${__webpack_public_path__}${__BLUEPRINT_ICONS_DIR__}/${file}`)
          .then((response) => (response.ok ? response.json() : {}))
          .catch(() => ({}))
      : Promise.resolve({});
    sets.set(size, set);
  }
  return set;
}

Icons.setLoaderOptions({
  loader: async (name, size) => {
    const paths = (await iconSet(size))[name];
    if (paths) return paths;
    const url = `${__webpack_public_path__}${__BLUEPRINT_ICONS_DIR__}/${size}px/${name}.json`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  },
});

const lib = {
  AbstractComponent,
  AbstractPureComponent,
  Alert,
  AnchorButton,
  Button,
  ButtonGroup,
  Callout,
  Card,
  Checkbox,
  Classes,
  Code,
  DISPLAYNAME_PREFIX,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H2,
  H3,
  H4,
  H5,
  HTMLSelect,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
  NonIdealState,
  OverlayToaster,
  PopoverNext,
  PopupKind,
  Position,
  ProgressBar,
  Radio,
  RadioGroup,
  SegmentedControl,
  Spinner,
  Switch,
  Tab,
  Tabs,
  Tag,
  TagInput,
  TextArea,
  Tooltip,
  Utils,
  mergeRefs,
  popoverPropsToNextProps,
  refHandler,
  setRef,
};
export {
  AbstractComponent,
  AbstractPureComponent,
  Alert,
  AnchorButton,
  Button,
  ButtonGroup,
  Callout,
  Card,
  Checkbox,
  Classes,
  Code,
  DISPLAYNAME_PREFIX,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H2,
  H3,
  H4,
  H5,
  HTMLSelect,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
  NonIdealState,
  OverlayToaster,
  PopoverNext,
  PopupKind,
  Position,
  ProgressBar,
  Radio,
  RadioGroup,
  SegmentedControl,
  Spinner,
  Switch,
  Tab,
  Tabs,
  Tag,
  TagInput,
  TextArea,
  Tooltip,
  Utils,
  mergeRefs,
  popoverPropsToNextProps,
  refHandler,
  setRef,
};
export default lib;
