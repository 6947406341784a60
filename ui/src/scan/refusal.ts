import { graphqlProblem } from '../graphql';
import { errorText } from '../forms';
import { problemText } from '../server-problem';
import { ruleMessage } from '../rules';

/** A server refusal as the scanner screen shows it: which fields, and one text for the message. */
export interface ScanRefusal<F extends string> {
  /** The screen's fields the server named, each with its rule's text. */
  fields: Partial<Record<F, string>>;
  /** The first field named (where the focus goes), in the order the server named them. */
  first?: F;
  /** What the message slot says: the fields' texts, or the server's reason. */
  text: string;
}

/**
 * Reads a refused scan or booking. `fieldOf` maps the server's input fields (`placeId`,
 * `input.quantity`, `lines.0.quantity` → `quantity` by its last part) to the screen's fields;
 * `ownRules` gives a module's own text key for a rule (`scope` → `stocktaking:rules.placeScope`),
 * other rules are worded by the toolkit or by the server.
 */
export function scanRefusal<F extends string>(
  error: unknown,
  fieldOf: Record<string, F>,
  ownRules: Record<string, string> = {},
): ScanRefusal<F> {
  const problem = graphqlProblem(error);
  const fields: Partial<Record<F, string>> = {};
  let first: F | undefined;
  for (const [serverField, list] of Object.entries(problem.fieldRules)) {
    const path = serverField.replace(/^input\./, '');
    const name = fieldOf[path] ?? fieldOf[path.split('.').pop() ?? path];
    const broken = list[0];
    if (!name || !broken || fields[name]) continue;
    const rule = ownRules[broken.rule] ?? broken.rule;
    fields[name] = errorText(
      ruleMessage(rule, broken.params ?? undefined, broken.message, broken.text),
    );
    first ??= name;
  }
  const texts = Object.values(fields) as string[];
  return { fields, first, text: texts.length > 0 ? texts.join(' ') : problemText(problem) };
}
