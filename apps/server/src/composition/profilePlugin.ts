import type { Plugin } from 'graphql-yoga';
import type { FastifyRequest } from 'fastify';
import { profileOf } from '../http/requestProfile.ts';

type ProfiledContext = { req?: FastifyRequest };

/**
 * The request profile's GraphQL layers (PROFILE_REQUESTS=on): parse and validate (depth, aliases,
 * cost included), the execution's wall time, and from its end to the response (serialize).
 */
export function profilePlugin(): Plugin<ProfiledContext> {
  return {
    onParse({ context }) {
      const profile = profileOf(context.req);
      const start = performance.now();
      return () => profile?.add('validate', performance.now() - start);
    },
    onValidate({ context }) {
      const profile = profileOf(context.req);
      const start = performance.now();
      return () => profile?.add('validate', performance.now() - start);
    },
    onExecute({ args }) {
      const profile = profileOf((args.contextValue as ProfiledContext).req);
      const start = performance.now();
      if (profile) profile.executing = true;
      return {
        onExecuteDone() {
          const end = performance.now();
          if (profile) profile.executing = false;
          profile?.add('execute', end - start);
          if (profile) executeEnds.set(profile, end);
        },
      };
    },
    onResponse({ serverContext }) {
      const profile = profileOf((serverContext as ProfiledContext | undefined)?.req);
      const end = profile ? executeEnds.get(profile) : undefined;
      if (profile && end !== undefined) profile.add('serialize', performance.now() - end);
    },
  };
}

const executeEnds = new WeakMap<object, number>();
