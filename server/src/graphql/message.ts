import { wordMessage, type Message } from '@kontor/contracts';
import { formatter } from '../domain/time-zone';

/** A catalogue message as GraphQL's `Message` (parameters as JSON text, the English wording). */
export function messageOut(message: Message): { key: string; params: string | null; text: string } {
  return {
    key: message.key,
    params: message.params ? JSON.stringify(message.params) : null,
    text: wordMessage(message, formatter('en')),
  };
}

/** A text stored before it had a key: shown as it is (its key names no catalogue entry). */
export const storedText = (text: string): Message => ({ key: 'stored', text });
