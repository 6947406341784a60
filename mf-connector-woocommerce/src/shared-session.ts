// The one door from this connector to @kontor/shared-session (one place to mock it). The
// connector loads at boot for everyone allowed to see shops: it brings no toolkit and no
// Apollo of its own — the connection form hands its settings form the fields.
export { addTranslations, loadShared, useTranslation } from '@kontor/shared-session';
export type { PageProps } from '@kontor/shared-session';
