// The retailData request as it arrives (GraphQL input), before retailRequest.ts validates it.

export interface ConditionInput {
  type: string;
  operator?: string | null;
  dateBegin?: Date | null;
  dateEnd?: Date | null;
  values?: string[] | null;
}

export interface RetailDataInput {
  installationId: number;
  metric: string;
  filters?: { operator?: string | null; conditions: ConditionInput[] } | null;
  groupBy?: {
    type: string;
    aggregation?: string | null;
    granularity?: number | null;
    variant?: string | null;
    tagId?: number | null;
    tagIds?: number[] | null;
  } | null;
  granularity?: number | null;
  target?: { kind: string; ids: number[] } | null;
  limit?: number | null;
  /** Ranks the series (by their figure over the range) before the first `limit` are kept. */
  sortBy?: { type: string; order: string } | null;
  /** Set by the widgets limited to a span, e.g. 14 days: a wider request answers TIME_RANGE_TOO_WIDE. */
  maxRangeDays?: number | null;
}

/** Widest span of dates one request may cover (ten years and a little); wider is TIME_RANGE_TOO_WIDE. */
export const MAX_RANGE_DAYS = 3_700;
