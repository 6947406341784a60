// What a scanner screen's pure state says (booking-state.ts, avis-booking-state.ts): texts as
// i18n keys with their parameters, so the view translates them and the tests read them
// without a language.

/** An i18n key (namespaces `warehouse`, `ui`) and its parameters. */
export type Text = [key: string, params?: Record<string, unknown>];

/** The last scan's or step's outcome, said once in the kit's message slot. */
export interface Message {
  kind: 'ok' | 'wrong' | 'info';
  /** A key and its parameters, or a text the server's refusal worded already. */
  text: Text | string;
}
