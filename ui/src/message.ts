import type { Message, MessageParam } from '@kontor/shared-session';

/** GraphQL's `Message` (parameters as JSON text) as a catalogue message to `word`. */
export function messageOf(value: { key: string; params?: string | null; text: string }): Message {
  let params: Record<string, MessageParam> | undefined;
  if (value.params) {
    try {
      params = JSON.parse(value.params) as Record<string, MessageParam>;
    } catch {
      params = undefined;
    }
  }
  return { key: value.key, text: value.text, ...(params ? { params } : {}) };
}
