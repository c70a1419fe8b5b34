// Package gamerules holds the rules of a game at the table that are not scoring, as a ruleset's
// sections give them: the referee's own (referee:, Referee: the tiles, the dead wall, several
// winners, the rules its rulings cite) and the flow of a game of many hands (flow:, Flow: who deals
// next, the prevailing wind, how long a game lasts). It sits below rulesets, which decodes into
// its types, so that a ruleset (and the family contract above it) holds them without importing the
// referee's replay or the ledger.
package gamerules
