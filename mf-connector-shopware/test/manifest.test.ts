import { describeManifest } from '../../build/manifest-check';
import manifest from '../src/manifest.json';

describeManifest(manifest);
