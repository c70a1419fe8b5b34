// Package ledger keeps the score of an evening at one table: an append-only JSON Lines record of
// events (the game's header, each hand with its inputs and deltas, undos) that is flushed to disk
// per event, locked against a second writer, and replayed from scratch to give the standings, the
// dealer, the seat winds and the prevailing wind. The flow of the game (who deals next, when the
// prevailing wind moves on, when the game ends) is data: a Flow that rulesets carry.
package ledger
