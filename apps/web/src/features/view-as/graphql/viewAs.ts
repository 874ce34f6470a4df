import { graphql } from '../../../shared/api/graphql.ts';

export const VIEW_AS_USER = graphql(`
  mutation ViewAsUser($userId: Int!) {
    viewAsUser(userId: $userId) {
      token
      expiresAt
    }
  }
`);

export const END_VIEW_AS = graphql(`
  mutation EndViewAs {
    endViewAs
  }
`);

/** One `true` the moment this tab's view-as session ends on the server, whatever ended it. */
export const VIEW_AS_SESSION_ENDED = graphql(`
  subscription ViewAsSessionEnded {
    sessionEnded
  }
`);
