import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** Deepest nesting a query may have (users → roles → permissions is 3). */
export const MAX_DEPTH = 8;
/** Most fields one operation may select, fragments expanded: a screen needs a few dozen. */
export const MAX_COMPLEXITY = 500;
/** Most aliases one operation may use (a screen needs a handful; many aliases multiply work). */
export const MAX_ALIASES = 30;
/** Most tokens a document may have; the parser stops counting there (a screen's query has a few hundred). */
export const MAX_TOKENS = 5000;

/** The error a refused document answers with (400, code QUERY_TOO_COMPLEX). */
function tooComplex(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX' } });
}

// graphql-armor reports with a "Syntax Error:" prefix and a generic code; ours says what it is.
const report = (message: (found: number) => string) => ({
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => {
      const found = Number(/found (\d+(?:\.\d+)?(?:e\+\d+)?|Infinity)/.exec(error.message)?.[1]);
      context?.reportError(tooComplex(message(found)));
    },
  ],
});

/**
 * The cost rules, from graphql-armor: a field count with fragments expanded (each fragment is
 * counted once and its cost remembered, so checking grows with the document's size, not with
 * its expansion) and an alias count.
 */
const costRules: ValidationRule[] = [
  costLimitRule({
    maxCost: MAX_COMPLEXITY,
    objectCost: 1,
    scalarCost: 1,
    depthCostFactor: 1,
    flattenFragments: true,
    // Introspection is refused in production; in development tools need the standard query.
    ignoreIntrospection: true,
    ...report(
      (found) => `The query is too complex: ${found} fields, at most ${MAX_COMPLEXITY} allowed.`,
    ),
  }),
  maxAliasesRule({
    n: MAX_ALIASES,
    ...report(
      (found) => `The query uses too many aliases: ${found}, at most ${MAX_ALIASES} allowed.`,
    ),
  }),
];

/**
 * Checks a parsed document's cost before graphql's own validation and execution see it:
 * the errors to refuse it with (empty when it may go on). Linear in the document's size.
 */
export function costErrors(schema: GraphQLSchema, document: DocumentNode): GraphQLError[] {
  return [...validate(schema, document, costRules, { maxErrors: 10 })];
}

/**
 * A query text that is a JSON value: Mercurius would take it as an already parsed document
 * (an AST the parser's token limit never saw). No GraphQL document is valid JSON, so refusing
 * these refuses nothing a client sends.
 */
export function isJsonText(source: string): boolean {
  const start = /^\s*([{["])\s*(.?)/.exec(source);
  if (!start) return false;
  // `{ users …` is a GraphQL query; a JSON object's `{` is followed by a key or its end.
  // (Deciding here spares every query a JSON.parse that throws.)
  if (start[1] === '{' && start[2] !== '"' && start[2] !== '}') return false;
  try {
    JSON.parse(source);
    return true;
  } catch {
    return false;
  }
}

/**
 * One operation per document. Mercurius keeps a document's compiled plan (`jit`) under its text
 * alone, so of a document with a query Q and a mutation M, the second request naming the other
 * operation would run the first one's plan: asking for Q could run M again. Clients send one
 * operation per request (Apollo does); a document with several is refused (400).
 */
export const OneOperationRule: ValidationRule = (context) => ({
  Document(document) {
    const operations = document.definitions.filter(
      (definition) => definition.kind === Kind.OPERATION_DEFINITION,
    );
    if (operations.length > 1)
      context.reportError(
        new GraphQLError(
          `A request carries one operation; this document has ${operations.length}. Send each in a request of its own.`,
          { nodes: operations[1], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
        ),
      );
  },
});

/**
 * The depth limit of business queries: a field nested deeper than MAX_DEPTH (fragments
 * followed) is refused. Introspection (`__schema`, `__type` and what they select) is not
 * counted: the standard introspection query that GraphiQL, IDE plugins and codegen send is
 * nested 13 deep through `ofType`, costs the server nothing per row, and production refuses
 * introspection altogether.
 */
export const DepthRule: ValidationRule = (context) => {
  const fragments = new Map(
    context
      .getDocument()
      .definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d] as const),
  );
  let deepest = 0;
  const walk = (set: SelectionSetNode | undefined, depth: number, seen: Set<string>): void => {
    if (!set || deepest > MAX_DEPTH) return;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue;
        deepest = Math.max(deepest, depth);
        walk(selection.selectionSet, depth + 1, seen);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, depth, seen);
      } else {
        const name = selection.name.value;
        if (seen.has(name)) continue; // a fragment cycle: graphql's own rule reports it
        walk(fragments.get(name)?.selectionSet, depth, new Set(seen).add(name));
      }
    }
  };
  return {
    OperationDefinition(operation) {
      deepest = 0;
      walk(operation.selectionSet, 0, new Set()); // a root field is depth 0, as graphql-depth-limit counts
      if (deepest > MAX_DEPTH)
        context.reportError(
          tooComplex(
            `The query is nested too deep: at most ${MAX_DEPTH} levels below a root field are allowed.`,
          ),
        );
    },
  };
};

/**
 * The validation rules on top of graphql's own: one operation per document, the depth limit
 * of business queries; no introspection in production.
 */
export function validationRules(production: boolean): ValidationRule[] {
  return production
    ? [OneOperationRule, DepthRule, NoSchemaIntrospectionCustomRule]
    : [OneOperationRule, DepthRule];
}

/**
 * graphql-js appends "Did you mean …?" to unknown-field and unknown-type errors, naming the
 * schema's fields: in production, where introspection is off, that would hand the schema out.
 */
export function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean .+\?$/s, '');
}
