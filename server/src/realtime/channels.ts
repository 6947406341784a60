import type { FastifyRequest } from 'fastify';
import type { User } from '../auth/accounts';
import type { PresenceMember } from './bus';

/** What a channel rule answers: false (403), true (private channel) or the presence member. */
export type ChannelVerdict = boolean | PresenceMember;

/** A rule deciding who may join channels whose name matches its pattern. */
export interface ChannelRule {
  pattern: RegExp;
  /** `request` is the /broadcasting/auth request (its session's permissions). */
  authorize(
    user: User,
    match: RegExpExecArray,
    request?: FastifyRequest,
  ): ChannelVerdict | Promise<ChannelVerdict>;
}

/**
 * The channels Kontor authorizes at /broadcasting/auth (Laravel's routes/channels.php).
 * A channel no rule matches is refused.
 */
export const channelRules: ChannelRule[] = [
  {
    // A user's own notifications: user {id} alone.
    pattern: /^private-App\.Models\.User\.(\d+)$/,
    authorize: (user, match) => String(user.id) === match[1],
  },
  {
    // Who is online: every logged-in user, known by id and name.
    pattern: /^presence-online$/,
    authorize: (user) => ({ user_id: user.id, user_info: { name: user.name } }),
  },
];

/** Adds a rule for more channels (other areas call this when they publish on new channels). */
export function addChannelRule(rule: ChannelRule): void {
  channelRules.push(rule);
}

/** The verdict of the first rule matching the channel; false when none does. */
export async function authorizeChannel(
  user: User,
  channel: string,
  request?: FastifyRequest,
): Promise<ChannelVerdict> {
  for (const rule of channelRules) {
    const match = rule.pattern.exec(channel);
    if (match) return rule.authorize(user, match, request);
  }
  return false;
}
