import { type DocumentNode, Kind, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../graphql/context.ts';
import { AppError } from '../graphql/errors.ts';
import { perDocument } from '../graphql/perDocument.ts';

/** True when the operation reads the schema (__schema or __type); __typename is ordinary. */
export function readsSchema(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    [Kind.FIELD]: (node) => {
      if (node.name.value === '__schema' || node.name.value === '__type') found = true;
    },
  });
  return found;
}

/** Whether the document reads the schema, walked once per document text. */
const documentReadsSchema = perDocument((document) => readsSchema(document));

/**
 * The schema is described to signed-in callers only (docs/decisions.md): the web app is typed at
 * build time and never introspects, and an anonymous visitor has no use for a map of every field.
 */
export function signedInIntrospection(): Plugin<Record<string, unknown>, Context> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (args.contextValue.caller || !documentReadsSchema(args.document, undefined)) return;
      setResultAndStopExecution({ errors: [new AppError('UNAUTHENTICATED')] });
    },
  };
}
