import { graphql } from '../../../shared/api/graphql.ts';

export const LOGIN = graphql(`
  query Login($email: String!, $password: String!, $rememberMe: Boolean) {
    login(email: $email, password: $password, rememberMe: $rememberMe)
  }
`);

export const LOGOUT = graphql(`
  mutation Logout {
    logout
  }
`);
