// The scanner-screen kit: the layout, fields, feedback and refusal reading that packing,
// picking, counting, stock change and avis booking share (docs/floor.md).
export { ScanScreen, ScanTarget } from './scan-screen';
export type { ScanScreenProps } from './scan-screen';
export { ScanFieldGroup, ScanInput, onEnterKey } from './fields';
export type { ScanInputProps } from './fields';
export { useScanFeedback } from './feedback';
export type { ScanKind, ScanMessageValue } from './feedback';
export { scanRefusal } from './refusal';
export type { ScanRefusal } from './refusal';
export { useRememberedChoice } from './remembered';
export { beep, playedSounds } from './sound';
export { revealInScanScreen } from './reveal';
