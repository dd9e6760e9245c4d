/** Query keys of give-aways, apart from their calls so the live events can use them cheaply. */
export const giveawayKeys = {
  all: ['giveaway'] as const,
  ofItem: (itemId: number) => ['giveaway', itemId] as const,
};
