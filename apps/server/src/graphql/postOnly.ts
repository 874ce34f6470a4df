import { type DocumentNode, type GraphQLSchema, type SelectionSetNode, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from './errors.ts';

/**
 * GET is for reading only: a URL ends up in logs, browser history and Referer headers, and any page
 * can make a browser send one. Mutations, and the query fields marked `extensions: { postOnly: true }`
 * because they sign in or hand out tokens, are refused over GET with METHOD_NOT_ALLOWED (HTTP 405).
 */
export function postOnlyPlugin(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (requestMethod(args.contextValue) !== 'GET') return;
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation) return;
      if (operation.operation !== 'query' || selectsPostOnly(args.schema, args.document, operation.selectionSet)) {
        setResultAndStopExecution({ errors: [new AppError('METHOD_NOT_ALLOWED', { http: { status: 405, headers: { allow: 'POST' } } })] });
      }
    },
  };
}

function requestMethod(context: unknown): string | undefined {
  return (context as { request?: { method?: string } } | undefined)?.request?.method?.toUpperCase();
}

/** The root fields of the query, through inline fragments and named fragments at the root. */
function selectsPostOnly(schema: GraphQLSchema, document: DocumentNode, selectionSet: SelectionSetNode, seen = new Set<string>()): boolean {
  const fields = schema.getQueryType()?.getFields() ?? {};
  return selectionSet.selections.some((s) => {
    if (s.kind === 'Field') return fields[s.name.value]?.extensions?.postOnly === true;
    if (s.kind === 'InlineFragment') return selectsPostOnly(schema, document, s.selectionSet, seen);
    if (seen.has(s.name.value)) return false;
    seen.add(s.name.value);
    const fragment = document.definitions.find((d) => d.kind === 'FragmentDefinition' && d.name.value === s.name.value);
    return fragment?.kind === 'FragmentDefinition' && selectsPostOnly(schema, document, fragment.selectionSet, seen);
  });
}
