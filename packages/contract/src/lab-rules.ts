/**
 * The lab's limits and the arena's game choices, without zod (./lab.ts holds the wire's schemas).
 */

export const LAB_LIMITS = {
  rosterName: 80,
  rosterPeople: 200,
  rostersPerUser: 50,
  personName: 40,
  tagKey: 20,
  tagValue: 30,
  tagsPerPerson: 6,
  constraintGroups: 50,
  groupSize: 20,
  recentResults: 10,
  teams: 200,
  arenaParticipants: 100,
  arenaWinners: 10,
  arenaWeight: 100,
  seed: 64,
  drawsKept: 500,
  importBatch: 50,
} as const;

export const ARENA_GAME_CODES = ['SNAIL_RACE', 'DART_WHEEL', 'SLOT_CASCADE'] as const;

export const ARENA_DART_MODES = ['highest', 'survival', 'team', 'target'] as const;
