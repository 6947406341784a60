import { z } from 'zod';

/** Laravel-style messages for the common field rules, so the front end shows familiar texts. */
export const field = {
  /** A required string, trimmed, with at most `max` characters. */
  requiredString(name: string, max = 255) {
    return z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? `The ${name} field is required.`
            : `The ${name} field must be a string.`,
      })
      .trim()
      .min(1, `The ${name} field is required.`)
      .max(max, `The ${name} field must not be greater than ${max} characters.`);
  },
  /** A required e-mail address. */
  email(name = 'email') {
    return field
      .requiredString(name)
      .pipe(z.email(`The ${name} field must be a valid email address.`));
  },
  /** A required password (not trimmed: spaces are part of a password). */
  password(name = 'password', max = 1024) {
    return z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? `The ${name} field is required.`
            : `The ${name} field must be a string.`,
      })
      .min(1, `The ${name} field is required.`)
      .max(max, `The ${name} field must not be greater than ${max} characters.`);
  },
  /** An optional boolean flag (also accepts 'on', 1 and their opposites from HTML forms). */
  flag() {
    return z
      .union([
        z.boolean(),
        z.literal(1),
        z.literal(0),
        z.literal('1'),
        z.literal('0'),
        z.literal('on'),
        z.literal('true'),
        z.literal('false'),
      ])
      .optional()
      .transform(
        (value) =>
          value === true || value === 1 || value === '1' || value === 'on' || value === 'true',
      );
  },
};
