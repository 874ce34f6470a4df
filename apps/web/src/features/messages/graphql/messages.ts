import { graphql, type ResultOf, type VariablesOf } from '../../../shared/api/graphql.ts';

export const MESSAGE_DELIVERIES = graphql(`
  query MessageDeliveries($first: Int, $after: String, $status: DeliveryStatus, $channel: MessageChannel) {
    messageDeliveries(first: $first, after: $after, status: $status, channel: $channel) {
      edges {
        cursor
        node {
          id
          channel
          recipient
          template
          subject
          status
          attempts
          lastError
          createdAt
          sentAt
          retryable
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export type Delivery = ResultOf<typeof MESSAGE_DELIVERIES>['messageDeliveries']['edges'][number]['node'];
export type DeliveryFilter = Pick<VariablesOf<typeof MESSAGE_DELIVERIES>, 'status' | 'channel'>;

export const RETRY_MESSAGE_DELIVERY = graphql(`
  mutation RetryMessageDelivery($id: Int!) {
    retryMessageDelivery(id: $id) {
      id
      status
      attempts
      lastError
      retryable
    }
  }
`);

export const SEND_TEST_MESSAGE = graphql(`
  mutation SendTestMessage($channel: MessageChannel!, $url: String) {
    sendTestMessage(channel: $channel, url: $url) {
      id
      recipient
    }
  }
`);

export const WEBHOOK_SIGNING_SECRET = graphql(`
  query WebhookSigningSecret {
    webhookSigningSecret {
      secret
      rotatedAt
      previousValidUntil
    }
  }
`);

export const ROTATE_WEBHOOK_SIGNING_SECRET = graphql(`
  mutation RotateWebhookSigningSecret {
    rotateWebhookSigningSecret {
      secret
      rotatedAt
      previousValidUntil
    }
  }
`);

export const WEB_PUSH_PUBLIC_KEY = graphql(`
  query WebPushPublicKey {
    webPushPublicKey
  }
`);

export const PUSH_SUBSCRIBED = graphql(`
  query PushSubscribed($endpoint: String!) {
    pushSubscribed(endpoint: $endpoint)
  }
`);

export const SUBSCRIBE_PUSH = graphql(`
  mutation SubscribePush($subscription: PushSubscriptionInput!) {
    subscribePush(subscription: $subscription)
  }
`);

export const UNSUBSCRIBE_PUSH = graphql(`
  mutation UnsubscribePush($endpoint: String!) {
    unsubscribePush(endpoint: $endpoint)
  }
`);

export const SEND_TEST_PUSH = graphql(`
  mutation SendTestPush {
    sendTestPush
  }
`);
