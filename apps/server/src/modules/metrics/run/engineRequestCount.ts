import {
  type DirectiveNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  Kind,
  type SelectionSetNode,
  type ValueNode,
  getNamedType,
  isInterfaceType,
  isObjectType,
  valueFromAST,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../../../graphql/context.ts';
import { AppError } from '../../../graphql/errors.ts';
import { requestCostAtLeast } from './engineCost.ts';

/** Input types of which each value is one analytics request (retailData, each item of retailDataBatch). */
const REQUEST_INPUTS = new Set(['RetailDataInput']);

type Variables = Record<string, unknown> | null | undefined;

/** How many items a value names: a list's length, one for an object, none for null. */
function itemsOf(value: ValueNode, variables: Variables): number {
  if (value.kind === Kind.LIST) return value.values.length;
  if (value.kind === Kind.NULL) return 0;
  if (value.kind === Kind.VARIABLE) {
    const v = variables?.[value.name.value];
    return Array.isArray(v) ? v.length : v === null || v === undefined ? 0 : 1;
  }
  return 1;
}

/** Whether @skip / @include leave the selection out. */
function skipped(directives: readonly DirectiveNode[] | undefined, variables: Variables): boolean {
  for (const d of directives ?? []) {
    if (d.name.value !== 'skip' && d.name.value !== 'include') continue;
    const arg = d.arguments?.find((a) => a.name.value === 'if')?.value;
    const on = arg?.kind === Kind.BOOLEAN ? arg.value : arg?.kind === Kind.VARIABLE ? variables?.[arg.name.value] === true : false;
    if (d.name.value === 'skip' ? on : !on) return true;
  }
  return false;
}

/**
 * The analytics requests an operation asks by its arguments, counted from the document and its
 * variables before anything runs: every argument of a request input type counts its items, in
 * every alias and fragment. Requests that requests ask themselves (an evolution's two periods)
 * and those of other fields (KPIs, the sales funnel) are counted as they are asked (engineBudget.ts):
 * this is the least the call will ask.
 */
export function askedEngineRequests(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, variables: Variables): number {
  return askedEngineWork(schema, document, operationName, variables).requests;
}

/** The requests the arguments ask, and the least they cost together (engineCost.ts, requestCostAtLeast). */
export function askedEngineWork(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, variables: Variables): { requests: number; cost: number } {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation = null;
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    else if (d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName)) operation ??= d;
  }
  if (!operation) return { requests: 0, cost: 0 };
  let cost = 0;
  const root = operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  const walk = (set: SelectionSetNode, parent: GraphQLNamedType | null | undefined, depth: number): number => {
    // Validation has bounded the depth (12) and refused fragment cycles; this is a second guard.
    if (!parent || depth > 64) return 0;
    let count = 0;
    for (const s of set.selections) {
      if (skipped(s.directives, variables)) continue;
      if (s.kind === Kind.INLINE_FRAGMENT) {
        count += walk(s.selectionSet, s.typeCondition ? schema.getType(s.typeCondition.name.value) : parent, depth + 1);
      } else if (s.kind === Kind.FRAGMENT_SPREAD) {
        const f = fragments.get(s.name.value);
        if (f) count += walk(f.selectionSet, schema.getType(f.typeCondition.name.value), depth + 1);
      } else if (isObjectType(parent) || isInterfaceType(parent)) {
        const field = parent.getFields()[s.name.value];
        if (!field) continue;
        for (const arg of field.args) {
          if (!REQUEST_INPUTS.has(getNamedType(arg.type).name)) continue;
          const value = s.arguments?.find((a) => a.name.value === arg.name)?.value;
          if (!value) continue;
          count += itemsOf(value, variables);
          // Invalid values give undefined: validation refuses them, and they cost nothing here.
          const coerced = valueFromAST(value, arg.type, variables ?? undefined) as unknown;
          for (const request of Array.isArray(coerced) ? coerced : coerced ? [coerced] : []) cost += requestCostAtLeast(request);
        }
        if (s.selectionSet) count += walk(s.selectionSet, getNamedType(field.type), depth + 1);
      }
    }
    return count;
  };
  return { requests: walk(operation.selectionSet, root, 0), cost };
}

/**
 * Refuses a call whose arguments alone ask more analytics requests than API_ENGINE_REQUESTS_PER_CALL,
 * before it runs: one API_WORK_LIMIT error, no resolver, no engine statement (issue 14 item 5: the
 * 600-request call cost the server as much in refusing each request as a page of widgets).
 */
export function engineRequestBound(): Plugin<Context> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const { API_ENGINE_REQUESTS_PER_CALL: max, API_ENGINE_COST_PER_CALL: budget } = (args.contextValue as Context).config;
      const asked = askedEngineWork(args.schema, args.document, args.operationName, args.variableValues as Variables);
      if (asked.requests > max) setResultAndStopExecution({ errors: [new AppError('API_WORK_LIMIT', { limit: 'requests', max, asked: asked.requests })] });
      // A call whose arguments alone cost more than its budget runs nothing (what they cost at least: engineCost.ts).
      else if (asked.cost > budget) setResultAndStopExecution({ errors: [new AppError('API_WORK_LIMIT', { limit: 'cost', max: budget, asked: asked.cost })] });
    },
  };
}
