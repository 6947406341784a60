import { describeManifest } from '../../build/manifest-spec';
import manifest from '../src/manifest.json';

describeManifest(manifest);
