/** Who is calling, as read from a verified access token and the database. */
export interface Caller {
  userId: number;
  organizationIds: number[];
  role: string;
  profileId: number | null;
  /** Set when an administrator views the product as this user. */
  adminUserId: number | null;
  /** The live server-side session the token belongs to; null for work no person asked for. */
  sessionId: string | null;
}
