import { gql, type TypedDocumentNode } from '@apollo/client';

export const LOGIN: TypedDocumentNode<
  { login: string },
  { email: string; password: string; rememberMe: boolean }
> = gql`
  query Login($email: String!, $password: String!, $rememberMe: Boolean) {
    login(email: $email, password: $password, rememberMe: $rememberMe)
  }
`;

export const LOGOUT: TypedDocumentNode<{ logout: boolean }> = gql`
  mutation Logout {
    logout
  }
`;
