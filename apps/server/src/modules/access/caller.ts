// The caller's shape lives with the context, at the bottom of the layers.
export type { Caller } from '../../graphql/context.ts';
