import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** Deepest nesting a query may have (users → roles → permissions is 3). */
export const MAX_DEPTH = 8;
/** Most fields one operation may select, fragments expanded: a screen needs a few dozen. */
export const MAX_COMPLEXITY = 500;

function countFields(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      total += 1;
      if (selection.selectionSet) total += countFields(selection.selectionSet, fragments, seen);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      total += countFields(selection.selectionSet, fragments, seen);
    } else {
      const fragment = fragments.get(selection.name.value);
      // A fragment spread twice is counted twice; a cycle is refused by graphql's own rules.
      if (fragment && !seen.has(fragment.name.value)) {
        total += countFields(
          fragment.selectionSet,
          fragments,
          new Set([...seen, fragment.name.value]),
        );
      }
    }
  }
  return total;
}

/** Refuses an operation that selects more than MAX_COMPLEXITY fields (with fragments expanded). */
export const complexityRule: ValidationRule = (context: ValidationContext): ASTVisitor => {
  const fragments = new Map(
    context
      .getDocument()
      .definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  return {
    OperationDefinition(operation) {
      const complexity = countFields(operation.selectionSet, fragments, new Set());
      if (complexity > MAX_COMPLEXITY) {
        context.reportError(
          new GraphQLError(
            `The query is too complex: ${complexity} fields, at most ${MAX_COMPLEXITY} allowed.`,
            { nodes: [operation], extensions: { code: 'QUERY_TOO_COMPLEX' } },
          ),
        );
      }
    },
  };
};

/** The validation rules on top of graphql's own: complexity, and no introspection in production. */
export function validationRules(production: boolean): ValidationRule[] {
  return production ? [complexityRule, NoSchemaIntrospectionCustomRule] : [complexityRule];
}
