import {
  type DirectiveNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
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
import { perDocument } from '../../../graphql/perDocument.ts';
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

/** An argument of a request input type in the operation, and the @skip / @include on its way from the root. */
interface AskedArgument {
  guards: readonly (readonly DirectiveNode[])[];
  value: ValueNode;
  type: GraphQLInputType;
}

/**
 * What the document asks, computed once per document text (perDocument.ts): the arguments of
 * request input types in every alias and fragment, in the order of the walk, each with the
 * directives that may leave it out. Those without a variable and a directive are counted here once.
 */
interface EnginePlan {
  requests: number;
  cost: number;
  asked: readonly AskedArgument[];
}

const NOTHING_ASKED: EnginePlan = { requests: 0, cost: 0, asked: [] };

const hasVariable = (value: ValueNode): boolean =>
  value.kind === Kind.VARIABLE ||
  (value.kind === Kind.LIST && value.values.some(hasVariable)) ||
  (value.kind === Kind.OBJECT && value.fields.some((f) => hasVariable(f.value)));

function costOf(value: ValueNode, type: GraphQLInputType, variables: Variables): number {
  // Invalid values give undefined: validation refuses them, and they cost nothing here.
  const coerced = valueFromAST(value, type, variables ?? undefined) as unknown;
  let cost = 0;
  for (const request of Array.isArray(coerced) ? coerced : coerced ? [coerced] : []) cost += requestCostAtLeast(request);
  return cost;
}

function planOf(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): EnginePlan {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation = null;
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    else if (d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName)) operation ??= d;
  }
  if (!operation) return NOTHING_ASKED;
  const plan = { requests: 0, cost: 0, asked: [] as AskedArgument[] };
  const root = operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  const walk = (set: SelectionSetNode, parent: GraphQLNamedType | null | undefined, depth: number, outer: readonly (readonly DirectiveNode[])[]): void => {
    // Validation has bounded the depth (12) and refused fragment cycles; this is a second guard.
    if (!parent || depth > 64) return;
    for (const s of set.selections) {
      const conditional = s.directives?.some((d) => d.name.value === 'skip' || d.name.value === 'include');
      const guards = conditional ? [...outer, s.directives!] : outer;
      if (s.kind === Kind.INLINE_FRAGMENT) {
        walk(s.selectionSet, s.typeCondition ? schema.getType(s.typeCondition.name.value) : parent, depth + 1, guards);
      } else if (s.kind === Kind.FRAGMENT_SPREAD) {
        const f = fragments.get(s.name.value);
        if (f) walk(f.selectionSet, schema.getType(f.typeCondition.name.value), depth + 1, guards);
      } else if (isObjectType(parent) || isInterfaceType(parent)) {
        const field = parent.getFields()[s.name.value];
        if (!field) continue;
        for (const arg of field.args) {
          if (!REQUEST_INPUTS.has(getNamedType(arg.type).name)) continue;
          const value = s.arguments?.find((a) => a.name.value === arg.name)?.value;
          if (!value) continue;
          if (guards.length === 0 && !hasVariable(value)) {
            plan.requests += itemsOf(value, undefined);
            plan.cost += costOf(value, arg.type, undefined);
          } else plan.asked.push({ guards, value, type: arg.type });
        }
        if (s.selectionSet) walk(s.selectionSet, getNamedType(field.type), depth + 1, guards);
      }
    }
  };
  walk(operation.selectionSet, root, 0, []);
  return plan.requests === 0 && plan.asked.length === 0 ? NOTHING_ASKED : plan;
}

const plansBySchema = new WeakMap<GraphQLSchema, ReturnType<typeof perDocument<EnginePlan>>>();

function enginePlan(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): EnginePlan {
  let plans = plansBySchema.get(schema);
  if (!plans) {
    plans = perDocument((d, name) => planOf(schema, d, name));
    plansBySchema.set(schema, plans);
  }
  return plans(document, operationName);
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

/**
 * The requests the arguments ask, and the least they cost together (engineCost.ts, requestCostAtLeast):
 * the document's plan, then per call only the arguments that hold a variable or sit under @skip / @include.
 */
export function askedEngineWork(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, variables: Variables): { requests: number; cost: number } {
  const plan = enginePlan(schema, document, operationName);
  let { requests, cost } = plan;
  for (const a of plan.asked) {
    if (a.guards.some((directives) => skipped(directives, variables))) continue;
    requests += itemsOf(a.value, variables);
    cost += costOf(a.value, a.type, variables);
  }
  return { requests, cost };
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
