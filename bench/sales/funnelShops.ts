/** Sites whose top zones get shop codes and sales in the sales phase, and that the funnel reads. */
export const FUNNEL_SHOPS = 50;
