/** Time as the app sees it; tests hand in a fixed or movable clock. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
