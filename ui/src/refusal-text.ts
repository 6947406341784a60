import { errorText } from './form-state';
import { problemText, serverProblem } from './server-problem';

/**
 * The one text of a refusal shown in one place (a toast, a callout): the server's own message,
 * else its first field's error, else what `problemText` says (the generic text only for a
 * fault of the server or a lost connection).
 */
export function refusalText(error: unknown): string {
  const problem = serverProblem(error);
  if (problem.text) return problemText(problem);
  const first = Object.values(problem.fields)[0];
  return (first && errorText(first)) || problemText(problem);
}
