// Entry of @kontor/root-config: boots Kontor.
import { boot } from './boot';

void boot();
